import { randomBytes } from 'node:crypto'
import { openSigned, signFields } from '../../lib/signedLink.js'
import type { Lang } from '../../plugins/i18n.js'

// The links of spreadsheets: whoever has one may download that one file, without a session, for a
// few minutes (WeChat's file download sends no headers). The link says which list with which filters
// (or which import's template), for which site, who asked for it (the export is logged under her),
// in which language and until when, signed with the server's secret for file links.

export const SHEET_KINDS = [
  'records',
  'answers',
  'outApply',
  'specialCare',
  'inbound',
  'stock',
  'mothers',
  'template',
] as const
export type SheetKind = (typeof SHEET_KINDS)[number]

/**
 * The right in the site that opening a kind's link still needs, besides being her staff: the
 * mothers' export and the import templates are the administration's, as asking for them was.
 */
export const SHEET_RIGHT: Partial<Record<SheetKind, 'canAdminister'>> = {
  mothers: 'canAdminister',
  template: 'canAdminister',
}

export interface SheetLink {
  kind: SheetKind
  /** The list's filters (an import's kind for a template), as the route checked them. */
  query: Record<string, unknown>
  siteId: number
  accountId: number
  lang: Lang
  /** Until when it opens: seconds since 1970. */
  expires: number
}

const LANGS: Lang[] = ['zh-CN', 'en']
/** Sets a spreadsheet's link apart from a PDF's, signed with the same secret. */
const MARK = 'sheet'

export function signSheetLink(secret: Buffer, link: SheetLink): string {
  return signFields(secret, [
    MARK,
    link.kind,
    link.siteId,
    link.accountId,
    link.lang,
    link.expires,
    link.query,
    randomBytes(9).toString('base64url'),
  ])
}

export type SheetLinkCheck = { ok: true; link: SheetLink } | { ok: false; reason: 'invalid' | 'expired'; lang: Lang }

/** What a link opens; else why not, in the language the link names (Chinese when it names none). */
export function readSheetLink(secret: Buffer, token: string, now = Date.now()): SheetLinkCheck {
  const { fields, signed } = openSigned(secret, token)
  const link = decode(fields)
  const lang = link?.lang ?? 'zh-CN'
  if (!link || !signed) return { ok: false, reason: 'invalid', lang }
  if (link.expires * 1000 <= now) return { ok: false, reason: 'expired', lang }
  return { ok: true, link }
}

function decode(fields: unknown): SheetLink | undefined {
  if (!Array.isArray(fields) || fields.length !== 8 || fields[0] !== MARK) return undefined
  const [, kind, siteId, accountId, lang, expires, query] = fields as unknown[]
  const whole = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0
  if (!SHEET_KINDS.includes(kind as SheetKind) || !LANGS.includes(lang as Lang)) return undefined
  if (!whole(siteId) || !whole(accountId) || !whole(expires)) return undefined
  if (!query || typeof query !== 'object' || Array.isArray(query)) return undefined
  return { kind: kind as SheetKind, siteId, accountId, lang: lang as Lang, expires, query: query as SheetLink['query'] }
}
