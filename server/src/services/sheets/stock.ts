import type ExcelJS from 'exceljs'
import type { Db } from '../../db/types.js'
import { centreToday } from '../../lib/dates.js'
import { productStockBatches, stockLevels } from '../../repositories/stock.js'
import type { Translators } from '../pdf/document.js'
import type { Site } from '../pdf/printables.js'
import { addSheet, type CellValue } from './workbook.js'

// The stock page as a spreadsheet, for stock-taking at a PC: a sheet of what each product holds,
// and a sheet of the batches that hold it, each with its expiry and whether it is near or past it.

export interface StockQuery {
  keyword?: string
}

const PAGE = 100

/** How many products the stock page lists with this keyword. */
export async function stockProductCount(db: Db, site: Site, query: StockQuery): Promise<number> {
  return (await stockLevels(db, site.id, { page: 1, limit: 1, keyword: query.keyword }, centreToday(site))).total
}

/** Adds the two sheets: at most `maxRows` products, in catalogue order, and their batches in stock. */
export async function addStockSheets(
  db: Db,
  book: ExcelJS.Workbook,
  site: Site,
  query: StockQuery,
  t: Translators,
  maxRows: number,
) {
  const today = centreToday(site)
  const products: Awaited<ReturnType<typeof stockLevels>>['list'] = []
  for (let page = 1; products.length < maxRows; page++) {
    const { list } = await stockLevels(db, site.id, { page, limit: PAGE, keyword: query.keyword }, today)
    products.push(...list.slice(0, maxRows - products.length))
    if (list.length < PAGE) break
  }
  const byId = new Map(products.map((product) => [product.product_id, product]))
  const batches = (await productStockBatches(db, site.id, [...byId.keys()], today)).filter((batch) => batch.quantity)
  // The batches of a product together, in the products' order, each product's earliest expiry first.
  const order = new Map(products.map((product, i) => [product.product_id, i]))
  batches.sort((a, b) => order.get(a.product_id)! - order.get(b.product_id)!)

  const product = [
    { header: t.forms('form.field.product_id') },
    { header: t.forms('master.field.spec') },
    { header: t.forms('master.field.unit') },
  ]
  addSheet(
    book,
    t.forms('stockLevels.title'),
    [
      ...product,
      { header: t.forms('master.field.category') },
      { header: t.server('sheet.stock.onHand') },
      { header: t.server('sheet.stock.nearExpiry') },
      { header: t.server('sheet.stock.expired') },
    ],
    products.map((p): CellValue[] => [p.name, p.spec, p.unit, p.category, p.on_hand, p.near_expiry, p.expired]),
  )
  addSheet(
    book,
    t.server('sheet.stock.batches'),
    [
      ...product,
      { header: t.forms('form.field.batch_no') },
      { header: t.forms('form.field.production_date') },
      { header: t.forms('form.field.expiry_date') },
      { header: t.forms('form.field.quantity') },
      { header: t.server('pdf.status') },
    ],
    batches.map((batch): CellValue[] => {
      const { name, spec, unit } = byId.get(batch.product_id)!
      const state = batch.expired ? 'sheet.stock.expiredBatch' : batch.near_expiry ? 'sheet.stock.nearExpiryBatch' : ''
      return [
        name,
        spec,
        unit,
        batch.batch_no,
        batch.production_date,
        batch.expiry_date,
        batch.quantity,
        state ? t.server(state) : null,
      ]
    }),
  )
}
