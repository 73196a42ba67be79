import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'

/** A tar file's unit: every header and every body is padded to it. */
const BLOCK = 512

/** What a backup file holds, in order: a name and its bytes. */
export interface TarEntry {
  name: string
  body: Buffer
  /** A folder (its body empty): kept so that an empty one is there again when unpacked. */
  directory?: boolean
}

function field(header: Buffer, offset: number, length: number, value: string) {
  header.write(value.slice(0, length), offset, length, 'utf8')
}

const octal = (value: number, digits: number) => value.toString(8).padStart(digits, '0')

/**
 * A ustar header: any tar tool lists and unpacks the backup's contents. Its modes are the owner's
 * alone, so that what a tool unpacks from it is as private as the data folder it came from.
 */
function header(name: string, size: number, mtime: Date, directory = false): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`a backup entry's name is too long: ${name}`)
  const block = Buffer.alloc(BLOCK)
  field(block, 0, 100, name)
  field(block, 100, 8, directory ? '0000700\0' : '0000600\0')
  field(block, 108, 8, '0000000\0')
  field(block, 116, 8, '0000000\0')
  field(block, 124, 12, `${octal(size, 11)}\0`)
  field(block, 136, 12, `${octal(Math.floor(mtime.getTime() / 1000), 11)}\0`)
  field(block, 148, 8, ' '.repeat(8))
  field(block, 156, 1, directory ? '5' : '0')
  field(block, 257, 8, 'ustar\u000000')
  let sum = 0
  for (const byte of block) sum += byte
  field(block, 148, 8, `${octal(sum, 6)}\0 `)
  return block
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK)

/** The tar's bytes, entry by entry: a header, the body, its padding; two empty blocks at the end. */
export async function* tarChunks(entries: AsyncIterable<TarEntry>, mtime: Date): AsyncGenerator<Buffer> {
  for await (const { name, body, directory } of entries) {
    yield header(name, body.length, mtime, directory)
    yield body
    yield padding(body.length)
  }
  yield Buffer.alloc(2 * BLOCK)
}

/** A folder's folders and files, each folder before what it holds, named from `dir`; read a file at a time. */
async function* folderEntries(dir: string, under = ''): AsyncGenerator<TarEntry> {
  const items = (await readdir(path.join(dir, under), { withFileTypes: true })).sort((a, b) =>
    a.name < b.name ? -1 : 1,
  )
  for (const item of items) {
    const name = under ? `${under}/${item.name}` : item.name
    if (item.isDirectory()) {
      yield { name, body: Buffer.alloc(0), directory: true }
      yield* folderEntries(dir, name)
    } else if (item.isFile()) yield { name, body: await readFile(path.join(dir, name)) }
  }
}

/**
 * A tar of the folder `dir`, its files read asynchronously so that the server answers meanwhile;
 * the caller keeps the folder from changing until it is done.
 */
export async function folderTar(dir: string, mtime: Date): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of tarChunks(folderEntries(dir), mtime)) chunks.push(chunk)
  return Buffer.concat(chunks)
}

/** Reads exactly the bytes asked for from a stream, or fails when it ends first (a file cut off). */
class Bytes {
  private readonly chunks: Buffer[] = []
  private held = 0
  private readonly source: AsyncIterator<Buffer>

  constructor(stream: Readable) {
    this.source = stream[Symbol.asyncIterator]()
  }

  async take(length: number): Promise<Buffer> {
    while (this.held < length) {
      const next = await this.source.next()
      if (next.done) throw new Error('the file ends in the middle of an entry')
      this.chunks.push(next.value)
      this.held += next.value.length
    }
    const all = Buffer.concat(this.chunks)
    this.chunks.length = 0
    this.chunks.push(all.subarray(length))
    this.held = all.length - length
    return all.subarray(0, length)
  }

  /** Reads on to the end of the stream; answers whether anything but zeros was left. */
  async more(): Promise<boolean> {
    const nonZero = (chunk: Buffer) => chunk.some((byte) => byte !== 0)
    if (this.chunks.some(nonZero)) return true
    for (;;) {
      const next = await this.source.next()
      if (next.done) return false
      if (nonZero(next.value)) return true
    }
  }
}

/**
 * The entries of a tar stream written by tarChunks, one at a time; a malformed or cut-off stream
 * throws. The stream is read to its end, so that whatever checks its whole (gzip's sum, the last
 * seal of an encrypted backup) has run once the entries are read.
 */
export async function* readTar(stream: Readable): AsyncGenerator<TarEntry> {
  const bytes = new Bytes(stream)
  for (;;) {
    const block = await bytes.take(BLOCK)
    if (block.every((byte) => byte === 0)) {
      if (await bytes.more()) throw new Error('there is more after its end')
      return
    }
    let sum = 0
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]
    if (parseInt(block.toString('latin1', 148, 156), 8) !== sum) throw new Error('an entry header is damaged')
    const name = block.toString('utf8', 0, 100).replace(/\0.*$/s, '')
    const size = parseInt(block.toString('latin1', 124, 136), 8)
    const body = Buffer.from(await bytes.take(size))
    await bytes.take(padding(size).length)
    yield { name, body }
  }
}
