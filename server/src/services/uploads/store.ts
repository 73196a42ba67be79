import type { Readable } from 'node:stream'
import { AppError, Code } from '../../errors.js'

/** A stored upload as it is read back. */
export interface StoredFile {
  body: Readable
  mime: string
  size?: number
}

/**
 * Where uploaded images are kept: a folder of this machine (one instance) or an S3-compatible
 * bucket that every instance behind the load balancer shares. Names are the random stored names.
 */
export interface UploadStore {
  put(name: string, bytes: Buffer, mime: string): Promise<void>
  /** The file, or undefined when there is none of that name. */
  get(name: string): Promise<StoredFile | undefined>
  exists(name: string): Promise<boolean>
  /** Every stored name (a backup copies them). */
  list(): Promise<string[]>
  /** Deletes the file; nothing happens when there is none of that name. */
  remove(name: string): Promise<void>
  /** Rejects when the store does not answer (readiness). */
  check(): Promise<void>
  /** Lets go of its connections (the app closes). */
  close?(): void
}

/** A stored name: no path, nothing hidden. */
export const STORED_NAME = /^[\w-][\w.-]*$/

/** The name in a URL of this server's /uploads/ (any host: older records keep the address they were saved through). */
export function nameOfServerUrl(url: string): string | undefined {
  let pathname: string
  try {
    pathname = new URL(url, 'http://upload.invalid').pathname
  } catch {
    return undefined
  }
  const name = /^\/uploads\/(.+)$/.exec(pathname)?.[1]
  return name && STORED_NAME.test(name) ? name : undefined
}

/**
 * What a record keeps of a signature's or photo's value that refers to one of the server's
 * uploads, `/uploads/<name>`: from that reference itself, or from its address through one of the
 * server's `origins`, with or without the signed link's query (the app sends back what it was
 * shown). Undefined for any other value: an address elsewhere would have every device that shows
 * the record load an image from there.
 */
export function uploadReference(url: string, origins: string[]): string | undefined {
  const [address, query, ...rest] = url.split('?')
  if (rest.length || (query !== undefined && !/^link=[\w.-]+$/.test(query))) return undefined
  const name = nameOfServerUrl(address)
  if (name === undefined) return undefined
  const reference = `/uploads/${name}`
  return address === reference || origins.some((origin) => address === `${origin}${reference}`) ? reference : undefined
}

/** Whether a value is one of this server's upload references (see uploadReference). */
export const isOwnUpload = (url: string, origins: string[]): boolean => uploadReference(url, origins) !== undefined

/** What the store answers; when it fails, an error telling the user to try again shortly (the log keeps its cause). */
export function fromStore<T>(work: Promise<T>): Promise<T> {
  return work.catch((cause: unknown) => {
    throw Object.assign(new AppError(Code.INTERNAL, 'error.uploadStoreUnavailable', {}, 503), { cause })
  })
}

/** The whole file, or undefined when there is none. */
export async function readUpload(store: UploadStore, name: string): Promise<Buffer | undefined> {
  const file = await store.get(name)
  if (!file) return undefined
  const chunks: Buffer[] = []
  for await (const chunk of file.body) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}
