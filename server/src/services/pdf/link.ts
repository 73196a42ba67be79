import { randomBytes } from 'node:crypto'
import { RECORD_KINDS, type RecordKind } from '../../db/schema.js'
import { openSigned, signFields } from '../../lib/signedLink.js'
import type { Lang } from '../../plugins/i18n.js'

// The links of printed records: whoever has one may open that one PDF, without a session, for a
// few minutes (WeChat's file download sends no headers). The link says what it opens, for which
// site, who asked for it (each open is logged under her), in which language and until when, signed
// with the server's secret.

/** What a link prints: a saved record or order, or a mother's bill (its id is hers). */
export const PDF_KINDS = [...RECORD_KINDS, 'bill'] as const
export type PdfKind = RecordKind | 'bill'

export interface PdfLink {
  kind: PdfKind
  id: number
  siteId: number
  /** The staff member who asked for the link. */
  accountId: number
  lang: Lang
  /** Until when it opens: seconds since 1970. */
  expires: number
}

const LANGS: Lang[] = ['zh-CN', 'en']

export function signPdfLink(secret: Buffer, link: PdfLink): string {
  // A random part makes every link new: a link asked for after an edit never opens the PDF cached for an earlier one.
  return signFields(secret, [
    link.kind,
    link.id,
    link.siteId,
    link.accountId,
    link.lang,
    link.expires,
    randomBytes(9).toString('base64url'),
  ])
}

export type LinkCheck = { ok: true; link: PdfLink } | { ok: false; reason: 'invalid' | 'expired'; lang: Lang }

/** What a link opens; else why not, in the language the link names (Chinese when it names none). */
export function readPdfLink(secret: Buffer, token: string, now = Date.now()): LinkCheck {
  const { fields, signed } = openSigned(secret, token)
  const link = decode(fields)
  const lang = link?.lang ?? 'zh-CN'
  if (!link || !signed) {
    return { ok: false, reason: 'invalid', lang }
  }
  if (link.expires * 1000 <= now) return { ok: false, reason: 'expired', lang }
  return { ok: true, link }
}

function decode(fields: unknown): PdfLink | undefined {
  if (!Array.isArray(fields) || fields.length !== 7 || typeof fields[6] !== 'string') return undefined
  const [kind, id, siteId, accountId, lang, expires] = fields as unknown[]
  const whole = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0
  if (!PDF_KINDS.includes(kind as PdfKind) || !LANGS.includes(lang as Lang)) return undefined
  if (!whole(id) || !whole(siteId) || !whole(accountId) || !whole(expires)) return undefined
  return { kind: kind as PdfKind, id, siteId, accountId, lang: lang as Lang, expires }
}
