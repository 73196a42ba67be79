import path from 'node:path'

/** The uploadable image types: the extensions that name each and the bytes its files start with. */
const IMAGE_TYPES = [
  { mime: 'image/png', extensions: ['png'], magic: ['89504e470d0a1a0a'] },
  { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'], magic: ['ffd8ff'] },
  { mime: 'image/gif', extensions: ['gif'], magic: ['474946383761', '474946383961'] },
  { mime: 'image/bmp', extensions: ['bmp'], magic: ['424d'] },
]

export const IMAGE_EXTENSIONS = IMAGE_TYPES.flatMap((type) => type.extensions)

const typeOfName = (fileName: string) => {
  const extension = path.extname(fileName).slice(1).toLowerCase()
  return { extension, type: IMAGE_TYPES.find((t) => t.extensions.includes(extension)) }
}

/** The media type a stored file is served as, by its name. */
export const mimeOfName = (fileName: string) => typeOfName(fileName).type?.mime ?? 'application/octet-stream'

/** The file's image type when its extension and its first bytes agree on one, else undefined. */
export function detectImage(fileName: string, bytes: Buffer): { extension: string; mime: string } | undefined {
  const { extension, type } = typeOfName(fileName)
  const startsRight = type?.magic.some((hex) => bytes.subarray(0, hex.length / 2).toString('hex') === hex)
  return type && startsRight ? { extension, mime: type.mime } : undefined
}
