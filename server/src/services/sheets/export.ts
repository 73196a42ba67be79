import type { Actor } from '../../actor.js'
import type { Db } from '../../db/types.js'
import { AppError, Code } from '../../errors.js'
import { centreDayRange, centreToday } from '../../lib/dates.js'
import { formTranslator, serverTranslator, type Lang } from '../../plugins/i18n.js'
import type { RecordKind } from '../../db/schema.js'
import { listFormRecords } from '../../repositories/formRecords.js'
import { inboundReads, type InboundQuery } from '../../repositories/inbound.js'
import { outApplyReads, type OutApplyQuery } from '../../repositories/outApply.js'
import { findSite } from '../../repositories/siteLists.js'
import { specialCareReads, type SpecialCareQuery } from '../../repositories/specialCare.js'
import { listAnswers } from '../../repositories/checkNotice.js'
import { formByName } from '@yuezi/contract/forms/index'
import type { Field, FormData, FormDefinition } from '@yuezi/contract/forms/types'
import { checkNotice } from '@yuezi/contract/forms/definitions/checkNotice'
import { fieldsOf, isEmpty, labelKeyOf } from '@yuezi/contract/forms/validate'
import { customersImport } from '@yuezi/contract/forms/definitions/imports'
import { inbound, outApplyGeneral, outApplyGift, specialCare } from '@yuezi/contract/forms/definitions/stock'
import { logAccess, type HandedOut } from '../accessLog.js'
import { text, type Printable, type Translators } from '../pdf/document.js'
import { LOADERS, type Found, type Site } from '../pdf/printables.js'
import { signSheetLink, type SheetLink } from './link.js'
import { addCustomersSheet, customerRowCount } from './customers.js'
import { addStockSheets, stockProductCount } from './stock.js'
import { addSheet, bytesOf, newWorkbook, type CellValue, type Column } from './workbook.js'

// A list as a spreadsheet: what the list shows with its filters, all its pages, a line per record
// with the record's facts (number, customer, status, who made and changed it) and every field of
// its form as the form shows it. Photos and signatures are said to be there, never handed out.
// The stock page is no list of records: it has sheets of its own (stock.ts).

export type ExportKind = Exclude<SheetLink['kind'], 'template'>

export interface ExportSettings {
  linkSecret: Buffer
  linkTtlSeconds: number
  /** The most records one spreadsheet holds (EXPORT_MAX_ROWS). */
  maxRows: number
}

/** The list's filters as the export routes take them (the record list's, the order lists' and the stock page's). */
export interface ExportQuery {
  names?: string[]
  customer_id?: number
  department_id?: number
  type?: 'general' | 'gift'
  status?: OutApplyQuery['status']
  date_from?: string
  date_to?: string
  keyword?: string
}

const PAGE = 100

const translators = (lang: Lang): Translators => ({ forms: formTranslator(lang), server: serverTranslator(lang) })

/** One list of an export: the form its records follow, and its pages of ids. */
interface Source {
  definition: FormDefinition
  kind: RecordKind
  page: (page: number, limit: number) => Promise<{ ids: number[]; total: number }>
}

function sourcesOf(db: Db, site: Site, kind: Exclude<ExportKind, 'stock' | 'mothers'>, query: ExportQuery): Source[] {
  const today = centreToday(site)
  const ids = <T extends { id: number }>({ list, total }: { list: T[]; total: number }) => ({
    ids: list.map((row) => row.id),
    total,
  })
  if (kind === 'records') {
    return (query.names ?? []).map((name) => {
      const definition = formByName(name)
      if (!definition) throw new AppError(Code.INVALID_INPUT, 'sheet.unknownForm', { name })
      return {
        definition,
        kind: 'record',
        page: async (page, limit) =>
          ids(
            await listFormRecords(db, site.id, {
              name,
              customerId: query.customer_id,
              from: query.date_from ? centreDayRange(site, query.date_from)[0] : undefined,
              to: query.date_to ? centreDayRange(site, query.date_to)[1] : undefined,
              keyword: query.keyword,
              page,
              limit,
            }),
          ),
      }
    })
  }
  if (kind === 'answers') {
    return [
      {
        definition: checkNotice,
        kind: 'answer',
        page: async (page, limit) =>
          ids(await listAnswers(db, site.id, { customerId: query.customer_id, page, limit })),
      },
    ]
  }
  const orders = {
    status: query.status,
    customerId: query.customer_id,
    dateFrom: query.date_from,
    dateTo: query.date_to,
    keyword: query.keyword,
  }
  if (kind === 'inbound') {
    const filters: Omit<InboundQuery, 'page' | 'limit'> = orders
    return [
      {
        definition: inbound,
        kind,
        page: async (page, limit) => ids(await inboundReads.list(db, site.id, { ...filters, page, limit }, today)),
      },
    ]
  }
  if (kind === 'specialCare') {
    const filters: Omit<SpecialCareQuery, 'page' | 'limit'> = orders
    return [
      {
        definition: specialCare,
        kind,
        page: async (page, limit) => ids(await specialCareReads.list(db, site.id, { ...filters, page, limit }, today)),
      },
    ]
  }
  const filters: Omit<OutApplyQuery, 'page' | 'limit'> = {
    ...orders,
    type: query.type,
    departmentId: query.department_id,
  }
  return [
    {
      definition: query.type === 'gift' ? outApplyGift : outApplyGeneral,
      kind,
      page: async (page, limit) => ids(await outApplyReads.list(db, site.id, { ...filters, page, limit }, today)),
    },
  ]
}

/** e.g. 出库单列表-2026-11-26.xlsx; nothing that a file system would take for a folder. */
const fileName = (title: string, day: string) => `${title}-${day}.xlsx`.replace(/[\\/:*?"<>|]/g, '_')

function titleOf(kind: ExportKind, query: ExportQuery, lang: Lang): string {
  const t = translators(lang)
  if (kind === 'records') return (query.names ?? []).map((name) => t.forms(formByName(name)!.titleKey)).join('+')
  if (kind === 'answers') return t.forms(checkNotice.titleKey)
  if (kind === 'specialCare') return t.forms(specialCare.titleKey)
  if (kind === 'inbound') return t.forms(inbound.titleKey)
  if (kind === 'stock') return t.forms('stockLevels.title')
  if (kind === 'mothers') return t.forms(customersImport.titleKey)
  return t.forms((query.type === 'gift' ? outApplyGift : outApplyGeneral).titleKey)
}

/**
 * A link to the list as a spreadsheet, for the caller's site and language; refused when it holds
 * more records than one spreadsheet takes, with how many and what to do.
 */
export async function createExportLink(
  db: Db,
  settings: ExportSettings,
  site: Site,
  actor: Actor,
  request: { kind: ExportKind; query: ExportQuery; lang: Lang },
  now = Date.now(),
): Promise<{ url: string; name: string }> {
  let count = 0
  if (request.kind === 'stock') count = await stockProductCount(db, site, request.query)
  else if (request.kind === 'mothers') count = await customerRowCount(db, site.id)
  else for (const source of sourcesOf(db, site, request.kind, request.query)) count += (await source.page(1, 1)).total
  if (count > settings.maxRows) {
    throw new AppError(Code.INVALID_INPUT, 'sheet.tooMany', { count, max: settings.maxRows })
  }
  const expires = Math.floor(now / 1000) + settings.linkTtlSeconds
  const token = signSheetLink(settings.linkSecret, {
    kind: request.kind,
    query: { ...request.query },
    siteId: site.id,
    accountId: actor.accountId,
    lang: request.lang,
    expires,
  })
  return {
    url: `/api/sheet/${token}`,
    name: fileName(titleOf(request.kind, request.query, request.lang), centreToday(site)),
  }
}

/** A field's value in a cell: numbers as numbers, photos as how many, a signature as whether there is one. */
function cellOf(field: Field, printable: Printable, t: Translators): CellValue {
  const value = printable.data[field.key]
  if (field.type === 'signature') return t.server(isEmpty(value) ? 'sheet.no' : 'sheet.yes')
  if (field.type === 'images') return Array.isArray(value) ? value.length : 0
  if (isEmpty(value)) return null
  if (field.type === 'money' && typeof value === 'number') return value
  if (field.type === 'number' && !field.unitKey && typeof value === 'number') return value
  if (field.type === 'rows') {
    const rows = Array.isArray(value) ? (value as FormData[]) : []
    return rows
      .map((row) =>
        (field.rows ?? [])
          .map((rowField) => text(rowField, row?.[rowField.key], { ...printable, data: row ?? {} }, t))
          .filter(Boolean)
          .join(' / '),
      )
      .join('\n')
  }
  return text(field, value, printable, t)
}

/** A sheet of one form's records: their facts (in the order first met), then the form's fields. */
function sheetOf(definition: FormDefinition, found: Found[], t: Translators) {
  const factLabels = [...new Set(found.flatMap((one) => one.printable.facts.map(([label]) => label)))]
  const fields = fieldsOf(definition)
  const money = (field: Field) => field.type === 'money'
  const columns: Column[] = [
    ...factLabels.map((header) => ({ header })),
    ...fields.map((field) => ({ header: t.forms(labelKeyOf(field)), numFmt: money(field) ? '0.00' : undefined })),
  ]
  const rows = found.map(({ printable }) => {
    const facts = new Map(printable.facts)
    return [
      ...factLabels.map((label) => facts.get(label) || null),
      ...fields.map((field) => cellOf(field, printable, t)),
    ]
  })
  return { title: t.forms(definition.titleKey), columns, rows }
}

/**
 * The spreadsheet a valid link opens, read with the link's site now, and logged as an export under
 * the staff member who asked for it before it goes: if the entries cannot be written, nothing is sent.
 */
export async function exportOfLink(
  db: Db,
  settings: ExportSettings,
  link: SheetLink & { kind: ExportKind },
  httpRequestId: string,
): Promise<{ bytes: Buffer; name: string }> {
  const found = await findSite(db, link.siteId)
  if (!found) throw new AppError(Code.NOT_FOUND, 'record.notFound')
  const site: Site = { id: link.siteId, ...found }
  const t = translators(link.lang)
  const book = await newWorkbook()
  const handedOut: HandedOut[] = []
  let left = settings.maxRows
  const query = link.query as ExportQuery
  if (link.kind === 'stock') await addStockSheets(db, book, site, query, t, left)
  if (link.kind === 'mothers') {
    const actor = { siteId: link.siteId, accountId: link.accountId, httpRequestId }
    await addCustomersSheet(db, book, actor, t, left)
  }
  for (const source of link.kind === 'stock' || link.kind === 'mothers' ? [] : sourcesOf(db, site, link.kind, query)) {
    const records: (Found & { id: number })[] = []
    for (let page = 1; left > 0; page++) {
      const { ids } = await source.page(page, PAGE)
      for (const id of ids.slice(0, left)) {
        const record = await LOADERS[source.kind](db, site, id, t, link.lang)
        if (record) records.push({ ...record, id })
      }
      left -= ids.length
      if (ids.length < PAGE) break
    }
    const sheet = sheetOf(source.definition, records, t)
    addSheet(book, sheet.title, sheet.columns, sheet.rows)
    handedOut.push(
      ...records.map((record) => ({
        kind: source.kind,
        id: record.id,
        customerId: record.customerId,
        definition: record.printable.definition,
        data: record.printable.data,
      })),
    )
  }
  await logAccess(db, { siteId: link.siteId, accountId: link.accountId, httpRequestId }, 'export', handedOut)
  return { bytes: await bytesOf(book), name: fileName(titleOf(link.kind, query, link.lang), centreToday(site)) }
}
