import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { open } from 'node:fs/promises'
import { Transform, type TransformCallback } from 'node:stream'

// An encrypted backup is a header, then the backup's bytes in parts of PART bytes, each sealed with
// AES-256-GCM under a key of that file alone (derived from BACKUP_KEY and the header's random salt)
// and a nonce that counts the parts and marks the last one, with the header in every seal: a part
// changed, dropped, moved or taken from another backup, a header altered, or a file cut off, even
// at a part's end, fails its seal. Parts are checked one at a time, so no backup is held whole in
// memory or written out unencrypted to be checked.

/** An encrypted backup's first line: what the file is, for anyone who looks at it (`head -1`). */
const MAGIC = Buffer.from('yuezi encrypted backup, format 1\n')
const SALT_BYTES = 32
const KEY_ID_BYTES = 8
/** The header: the line above, the salt, and the id of the key the file was encrypted with. */
export const HEADER_BYTES = MAGIC.length + SALT_BYTES + KEY_ID_BYTES
/** The backup's bytes sealed at a time. */
const PART = 64 * 1024
const TAG_BYTES = 16
/** How a backup made before backups were encrypted begins: a gzip stream. */
const GZIP = Buffer.from([0x1f, 0x8b])

/** A file's key: AES-256's. */
const FILE_KEY_BYTES = 32

const derive = (key: Buffer, salt: Buffer, info: string, bytes: number) =>
  Buffer.from(hkdfSync('sha256', key, salt, info, bytes))

/** Names a key in messages and in a backup's header, and tells nothing of it. */
export const keyIdOf = (key: Buffer) =>
  derive(key, Buffer.alloc(0), 'yuezi backup key id', KEY_ID_BYTES).toString('hex')

const fileKey = (key: Buffer, header: Buffer) =>
  derive(key, header.subarray(MAGIC.length, MAGIC.length + SALT_BYTES), 'yuezi backup file key', FILE_KEY_BYTES)

/** A part's nonce: its number, and whether it is the last. */
function nonce(part: number, last: boolean): Buffer {
  const bytes = Buffer.alloc(12)
  bytes.writeUIntBE(part, 5, 6)
  bytes[11] = last ? 1 : 0
  return bytes
}

/** Cuts a stream into parts of `size` bytes and passes on what `each` makes of them; the last part is known at the end. */
class Parts extends Transform {
  private held: Buffer[] = []
  private length = 0

  constructor(
    private readonly size: number,
    private readonly each: (part: Buffer, last: boolean) => Buffer,
  ) {
    super()
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.held.push(chunk)
    this.length += chunk.length
    if (this.length <= this.size) return done()
    try {
      const all = Buffer.concat(this.held)
      let at = 0
      // A part goes on once more follows it: only then is it known not to be the last.
      for (; all.length - at > this.size; at += this.size) this.push(this.each(all.subarray(at, at + this.size), false))
      this.held = [all.subarray(at)]
      this.length = all.length - at
      done()
    } catch (error) {
      done(error as Error)
    }
  }

  override _flush(done: TransformCallback): void {
    try {
      done(null, this.each(Buffer.concat(this.held), true))
    } catch (error) {
      done(error as Error)
    }
  }
}

/** Encrypts what goes through it with `key` (BACKUP_KEY): the header first, then the sealed parts. */
export function sealing(key: Buffer): Transform {
  const header = Buffer.concat([MAGIC, randomBytes(SALT_BYTES), Buffer.from(keyIdOf(key), 'hex')])
  const sealKey = fileKey(key, header)
  let part = 0
  const sealed = new Parts(PART, (plain, last) => {
    const cipher = createCipheriv('aes-256-gcm', sealKey, nonce(part++, last))
    cipher.setAAD(header)
    return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()])
  })
  sealed.push(header)
  return sealed
}

/** What a backup file is by its first bytes: encrypted (with the id of its key), from before encryption, or neither. */
export type Envelope = { encrypted: true; keyId: string; header: Buffer } | { encrypted: false }

/** The envelope of the backup `file`, or undefined when it is no backup of this product. */
export async function envelopeOf(file: string): Promise<Envelope | undefined> {
  const handle = await open(file, 'r')
  try {
    const { bytesRead, buffer } = await handle.read(Buffer.alloc(HEADER_BYTES), 0, HEADER_BYTES, 0)
    if (bytesRead >= GZIP.length && buffer.subarray(0, GZIP.length).equals(GZIP)) return { encrypted: false }
    if (bytesRead < HEADER_BYTES || !buffer.subarray(0, MAGIC.length).equals(MAGIC)) return undefined
    return { encrypted: true, keyId: buffer.subarray(MAGIC.length + SALT_BYTES).toString('hex'), header: buffer }
  } finally {
    await handle.close()
  }
}

/**
 * Decrypts the parts that follow `header` with `key`, each passed on only once its seal holds: a
 * part that fails, or a file that ends before its last part, is an error, and nothing of it is read.
 */
export function opening(key: Buffer, header: Buffer): Transform {
  const openKey = fileKey(key, header)
  let part = 0
  return new Parts(PART + TAG_BYTES, (sealed, last) => {
    if (sealed.length < TAG_BYTES) throw new Error('it is cut off: its last part is missing')
    const decipher = createDecipheriv('aes-256-gcm', openKey, nonce(part, last), { authTagLength: TAG_BYTES })
    decipher.setAAD(header)
    decipher.setAuthTag(sealed.subarray(-TAG_BYTES))
    try {
      const plain = Buffer.concat([decipher.update(sealed.subarray(0, -TAG_BYTES)), decipher.final()])
      part++
      return plain
    } catch {
      throw new Error(
        last
          ? 'its end fails its seal: it is cut off, or was altered'
          : `its part ${part + 1} fails its seal: it was altered or damaged`,
      )
    }
  })
}
