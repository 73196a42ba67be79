import path from 'node:path'
import sharp from 'sharp'

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

/** The long side an uploaded image is kept at, at most: an ID card or a wound still reads at it. */
export const MAX_IMAGE_SIDE = 4096
/** An image that declares more pixels is refused unread: decoding it would hold the server's memory. */
export const MAX_IMAGE_PIXELS = 40_000_000

/** Why an uploaded image is not kept. */
export type ImageRefusal = 'tooManyPixels' | 'unreadable' | 'bmpTooLarge'

/**
 * A BMP's declared size from its header (no image library reads BMP). Its header has no room for
 * a position or a camera, so the file is kept as it is when its size is within the bounds.
 */
function checkBmp(bytes: Buffer): ImageRefusal | undefined {
  if (bytes.length < 26) return 'unreadable'
  // The oldest header (12 bytes) holds 16-bit sizes; every later one 32-bit, the height negative top-down.
  const core = bytes.readUInt32LE(14) === 12
  const width = core ? bytes.readUInt16LE(18) : Math.abs(bytes.readInt32LE(18))
  const height = core ? bytes.readUInt16LE(20) : Math.abs(bytes.readInt32LE(22))
  if (width * height > MAX_IMAGE_PIXELS) return 'tooManyPixels'
  if (Math.max(width, height) > MAX_IMAGE_SIDE) return 'bmpTooLarge'
  return undefined
}

/**
 * The image as it is kept: turned upright, with no metadata (a photo's EXIF holds where it was
 * taken), at most MAX_IMAGE_SIDE on its long side, in its own format (a signature's PNG keeps its
 * transparency). An image whose header declares more than MAX_IMAGE_PIXELS is refused before its
 * pixels are decoded.
 */
export async function reencodeImage(
  bytes: Buffer,
  mime: string,
): Promise<{ ok: true; bytes: Buffer } | { ok: false; reason: ImageRefusal }> {
  if (mime === 'image/bmp') {
    const reason = checkBmp(bytes)
    return reason ? { ok: false, reason } : { ok: true, bytes }
  }
  // metadata() reads the header alone.
  const declared = await sharp(bytes)
    .metadata()
    .catch(() => undefined)
  if (!declared?.width || !declared.height) return { ok: false, reason: 'unreadable' }
  if (declared.width * declared.height > MAX_IMAGE_PIXELS) return { ok: false, reason: 'tooManyPixels' }
  // failOn 'error': a phone's photo with a recoverable flaw (a few missing bytes at its end) is still kept.
  const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
  const encoded = mime === 'image/jpeg' ? image.jpeg() : mime === 'image/png' ? image.png() : image.gif()
  return encoded
    .toBuffer()
    .then((kept) => ({ ok: true as const, bytes: kept }))
    .catch(() => ({ ok: false as const, reason: 'unreadable' as const }))
}
