import { createHmac, timingSafeEqual } from 'node:crypto'

// A link that opens something without a session: what it opens (a list of plain values) and the
// server's signature of it, `<payload>.<mac>`, so that nobody can change what it names or until when.

const mac = (secret: Buffer, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url')

/** The fields, encoded and signed with the secret. */
export function signFields(secret: Buffer, fields: unknown[]): string {
  const payload = Buffer.from(JSON.stringify(fields)).toString('base64url')
  return `${payload}.${mac(secret, payload)}`
}

/** A token's fields (undefined when they cannot be read), and whether the secret signed them. */
export function openSigned(secret: Buffer, token: string): { fields: unknown; signed: boolean } {
  const [payload = '', signature = '', ...rest] = token.split('.')
  let fields: unknown
  try {
    fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  } catch {
    fields = undefined
  }
  const expected = Buffer.from(mac(secret, payload))
  const given = Buffer.from(signature)
  const signed = !rest.length && given.length === expected.length && timingSafeEqual(given, expected)
  return { fields, signed }
}
