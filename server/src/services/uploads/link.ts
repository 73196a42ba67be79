import { openSigned, signFields } from '../../lib/signedLink.js'

// The links photos and signatures are shown through: an <image> sends no session, so the server
// signs, for a staff member of the file's site, a link that opens that one file for a few minutes
// while she is still the site's (the link names her).

export interface UploadLinkSettings {
  /** Signs the links: every instance behind one address must share it. */
  secret: Buffer
  /** How long a link opens its file. */
  ttlSeconds: number
}

/** Whom a link opens a file for: a staff member of a site. */
export interface UploadLinkHolder {
  siteId: number
  accountId: number
}

/**
 * The signed query of a file's link for a staff member of the site. A link stays the same for half
 * its life (its end is rounded), so that a device showing the record again finds the image in its cache.
 */
export function signUploadLink(
  settings: UploadLinkSettings,
  name: string,
  holder: UploadLinkHolder,
  now = Date.now(),
): string {
  const step = Math.max(1, Math.floor(settings.ttlSeconds / 2))
  const expires = Math.floor(now / 1000 / step) * step + settings.ttlSeconds
  return signFields(settings.secret, [name, holder.siteId, holder.accountId, expires])
}

/**
 * Whom a link opens the file for and until when (seconds since 1970); undefined when it is altered,
 * another file's or expired.
 */
export function readUploadLink(
  secret: Buffer,
  name: string,
  token: string,
  now = Date.now(),
): (UploadLinkHolder & { expires: number }) | undefined {
  const { fields, signed } = openSigned(secret, token)
  if (!signed || !Array.isArray(fields) || fields.length !== 4) return undefined
  const [linkName, siteId, accountId, expires] = fields as unknown[]
  const whole = (value: unknown): value is number => Number.isSafeInteger(value)
  if (linkName !== name || !whole(siteId) || !whole(accountId) || !whole(expires)) return undefined
  if (expires * 1000 <= now) return undefined
  return { siteId, accountId, expires }
}
