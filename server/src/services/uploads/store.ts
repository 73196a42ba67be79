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
  /** Rejects when the store does not answer (readiness). */
  check(): Promise<void>
  /** The URL saved in records: the bucket's public address when there is one, else this server's /uploads/. */
  urlOf(name: string, serverOrigin: string): string
  /** The stored name a saved URL points at (one of urlOf's, or /uploads/<name>), or undefined. */
  nameOf(url: string): string | undefined
  /** Lets go of its connections (the app closes). */
  close?(): void
}

/** A stored name: no path, nothing hidden. */
export const STORED_NAME = /^[\w-][\w.-]*$/

/** The name in a URL of this server's /uploads/ (any host: records keep the address they were saved through). */
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
 * Whether a signature's or photo's value refers to one of the store's files as this server hands
 * it out: its /uploads/ address, bare or through one of the server's `origins` (the request's
 * first), or the bucket's public address. Any other address would have every device that shows
 * the record load an image from elsewhere.
 */
export function isOwnUpload(store: UploadStore, url: string, origins: string[]): boolean {
  const name = store.nameOf(url)
  if (name === undefined) return false
  return (
    url === `/uploads/${name}` ||
    url === store.urlOf(name, origins[0]) ||
    origins.some((origin) => url === `${origin}/uploads/${name}`)
  )
}

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
