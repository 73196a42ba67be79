import type { Actor } from '../../actor.js'
import type { Db } from '../../db/types.js'
import { AppError, Code } from '../../errors.js'
import { detectImage } from '../../lib/images.js'
import { formTranslator, serverTranslator, type Lang } from '../../plugins/i18n.js'
import { findSite } from '../../repositories/siteLists.js'
import { renderPdf, type Translators } from './document.js'
import { fontProblem, pdfFont } from './font.js'
import { signPdfLink, type PdfKind, type PdfLink } from './link.js'
import { LOADERS, type Found, type Site } from './printables.js'
import { nameOfServerUrl, readUpload, type UploadStore } from '../uploads/store.js'
import { logAccess, logBillPdf, type HandedOut } from '../accessLog.js'
import type { RenderedPdf } from './cache.js'

export { readPdfLink, type PdfKind, type PdfLink } from './link.js'
export { pdfCache } from './cache.js'

// A saved record or order as a PDF: a short-lived link to it (asked for with a session), and the
// document the link opens (read with the link's site when it is first opened, so it shows what is saved then).

export interface PdfSettings {
  /** The CJK font file (PDF_FONT). */
  font: string
  linkSecret: Buffer
  linkTtlSeconds: number
  /** Where uploads are stored: photos and signatures are read from there. */
  uploads: UploadStore
}

const translators = (lang: Lang): Translators => ({ forms: formTranslator(lang), server: serverTranslator(lang) })

const NOT_FOUND: Record<PdfKind, string> = {
  record: 'record.notFound',
  answer: 'record.notFound',
  outApply: 'order.notFound',
  specialCare: 'order.notFound',
  inbound: 'order.notFound',
  bill: 'customer.notFound',
}
const notFound = (kind: PdfKind) => new AppError(Code.NOT_FOUND, NOT_FOUND[kind])

/** Without the font no PDF can be written: a message for the user rather than a failure. */
function checkFont(settings: PdfSettings) {
  if (fontProblem(settings.font)) throw new AppError(Code.INTERNAL, 'pdf.fontMissing', {}, 503)
}

async function find(db: Db, site: Site, kind: PdfKind, id: number, lang: Lang) {
  const found = await LOADERS[kind](db, site, id, translators(lang), lang)
  if (!found) throw notFound(kind)
  return found
}

/** e.g. 儿科医生查房签到表-12.pdf; nothing that a file system would take for a folder. */
const fileName = (title: string, number: string) => `${title}-${number}.pdf`.replace(/[\\/:*?"<>|]/g, '_')

/** What a PDF printed: its kind and id, its customer, its form and values. */
type Printed = { kind: PdfKind; id: number } & Pick<Found, 'printable' | 'customerId'>

/** A rendered PDF with what it prints, as the access log files each open of its link. */
export interface OpenedPdf extends RenderedPdf {
  opened: Printed
}

/**
 * A PDF link asked for or opened (`linkOpened`): her bill always (it is hers by name), a record when
 * it holds personal data.
 */
function logPdf(db: Db, actor: Actor, { kind, id, printable, customerId }: Printed, linkOpened = false): Promise<void> {
  if (kind === 'bill') return logBillPdf(db, actor, id, linkOpened)
  const handed: HandedOut = { kind, id, customerId, definition: printable.definition, data: printable.data }
  return logAccess(db, actor, 'pdf', [handed], { linkOpened })
}

/**
 * A link to a record of the caller's site, in the caller's language, logged as a PDF export when
 * the record holds personal data; not-found as its info route answers.
 */
export async function createPdfLink(
  db: Db,
  settings: PdfSettings,
  site: Site,
  actor: Actor,
  request: { kind: PdfKind; id: number; lang: Lang },
  now = Date.now(),
): Promise<{ url: string; name: string }> {
  checkFont(settings)
  const found = await find(db, site, request.kind, request.id, request.lang)
  await logPdf(db, actor, { kind: request.kind, id: request.id, ...found })
  const expires = Math.floor(now / 1000) + settings.linkTtlSeconds
  const token = signPdfLink(settings.linkSecret, { ...request, siteId: site.id, accountId: actor.accountId, expires })
  return { url: `/api/pdf/${token}`, name: fileName(found.printable.title, found.number) }
}

/** The PDF a valid link opens, its file name, and what the access log needs of its record. */
export async function pdfOfLink(db: Db, settings: PdfSettings, link: PdfLink): Promise<OpenedPdf> {
  checkFont(settings)
  const site = await findSite(db, link.siteId)
  if (!site) throw notFound(link.kind)
  const { printable, number, customerId } = await find(db, { id: link.siteId, ...site }, link.kind, link.id, link.lang)
  const font = pdfFont(settings.font)
  const t = translators(link.lang)
  const images = await readImages(settings.uploads, printable.data)
  // A stored picture pdfkit cannot read (a damaged file) must not keep the record from printing:
  // then the pictures are left out, each said to be missing.
  const bytes = await renderPdf(font, printable, t, (url) => images.get(url)).catch(() =>
    renderPdf(font, printable, t, () => undefined),
  )
  return {
    bytes,
    name: fileName(printable.title, number),
    opened: { kind: link.kind, id: link.id, printable, customerId },
  }
}

/**
 * Logs an open of a link (a cached PDF's too) under the staff member who asked for it, before
 * the PDF goes: if the entry cannot be written, the PDF is not sent.
 */
export async function logPdfOpen(db: Db, link: PdfLink, pdf: OpenedPdf, httpRequestId: string): Promise<void> {
  await logPdf(db, { siteId: link.siteId, accountId: link.accountId, httpRequestId }, pdf.opened, true)
}

/** Every stored upload the record's values name (by URL), read ahead as data URLs pdfkit embeds. */
async function readImages(store: UploadStore, data: unknown): Promise<Map<string, string>> {
  const urls = new Set<string>()
  const collect = (value: unknown) => {
    if (typeof value === 'string') urls.add(value)
    else if (Array.isArray(value)) value.forEach(collect)
    else if (value && typeof value === 'object') Object.values(value).forEach(collect)
  }
  collect(data)
  const read = async (url: string): Promise<[string, string] | undefined> => {
    const name = nameOfServerUrl(url)
    // A picture that cannot be read is said to be missing in the PDF.
    const bytes = name && (await readUpload(store, name).catch(() => undefined))
    const image = name && bytes && detectImage(name, bytes)
    // pdfkit embeds PNG and JPEG only.
    if (!bytes || !image || !['image/png', 'image/jpeg'].includes(image.mime)) return undefined
    return [url, `data:${image.mime};base64,${bytes.toString('base64')}`]
  }
  return new Map((await Promise.all([...urls].map(read))).filter((entry) => entry !== undefined))
}
