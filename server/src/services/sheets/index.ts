import type { Actor } from '../../actor.js'
import type { ImportKind as Kind } from '../../db/schema.js'
import type { Lang } from '../../plugins/i18n.js'
import { templateName, type ImportKindSpec } from './import.js'
import { signSheetLink } from './link.js'
import { packagesImport, productsImport, roomsImport, stayPackagesImport } from './entries.js'
import { customersImportKind } from './customers.js'
import { openingStockImport } from './openingStock.js'
import { staffImportKind } from './staff.js'

export { createExportLink, exportOfLink, type ExportKind, type ExportQuery, type ExportSettings } from './export.js'
export { runImport, templateOf, type ImportSettings } from './import.js'
export { readSheetLink, SHEET_RIGHT, type SheetLink } from './link.js'
export { READ_LIMITS, XLSX_MIME } from './workbook.js'
export { MAX_UNPACKED_BYTES } from './sheetReader.js'

// Spreadsheets: lists exported, and the administration's imports with their templates.

/** Every kind of import, by the name the app and the link use. */
export const IMPORT_SPECS: Record<Kind, ImportKindSpec<never>> = {
  staff: staffImportKind as ImportKindSpec<never>,
  rooms: roomsImport as ImportKindSpec<never>,
  products: productsImport as ImportKindSpec<never>,
  packages: packagesImport as ImportKindSpec<never>,
  stayPackages: stayPackagesImport as ImportKindSpec<never>,
  openingStock: openingStockImport as ImportKindSpec<never>,
  mothers: customersImportKind as ImportKindSpec<never>,
}

/** The name of a kind of import, as the app and the link use it. */
export type ImportKind = keyof typeof IMPORT_SPECS

/** A link to a kind's template, in the caller's language. */
export function createTemplateLink(
  settings: { linkSecret: Buffer; linkTtlSeconds: number },
  actor: Actor,
  kind: ImportKind,
  lang: Lang,
  now = Date.now(),
): { url: string; name: string } {
  const expires = Math.floor(now / 1000) + settings.linkTtlSeconds
  const query = { kind }
  const token = signSheetLink(settings.linkSecret, {
    kind: 'template',
    query,
    siteId: actor.siteId,
    accountId: actor.accountId,
    lang,
    expires,
  })
  return { url: `/api/sheet/${token}`, name: templateName(IMPORT_SPECS[kind].definition, lang) }
}
