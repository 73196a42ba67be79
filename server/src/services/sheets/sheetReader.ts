import ExcelJS from 'exceljs'
import { unzipSync, zipSync, type Unzipped } from 'fflate'
import { readableSize } from '../../lib/fileName.js'

/** A cell as read: plain text, a number or a date, or nothing. */
export type CellValue = string | number | Date | null

/** A read sheet: the header row's texts and each data row (its sheet row number and its cells by column). */
export interface ReadSheet {
  headers: string[]
  rows: { row: number; cells: CellValue[] }[]
}

// Reading an uploaded .xlsx safely (in the sheet worker, sheetWorker.ts): exceljs builds every cell
// of a merge and of a row up to its last column, and inflates whatever the zip holds, so the archive
// and the sheets' XML are checked first, against the template's columns and the import's rows, and
// only what was checked is handed to exceljs.

/** The template's area: its columns, and the header row with the most data rows an import takes. */
export interface SheetBounds {
  columns: number
  rows: number
}

/** What the worker answers: the first sheet, or why the file is refused (a key of locales/server). */
export type ReadAnswer =
  { ok: true; sheet: ReadSheet } | { ok: false; key: string; params?: Record<string, string | number> }

/** All of a workbook unpacked: a filled-in template of a few thousand rows is a few megabytes. */
export const MAX_UNPACKED_BYTES = 32 * 1024 * 1024
/** How many times its packed size a part larger than a megabyte may unpack to: XML packs about tenfold. */
const MAX_RATIO = 100
const RATIO_FROM_BYTES = 1024 * 1024
/** Parts of the archive, and sheets in the workbook: a template has about ten parts and one sheet. */
const MAX_ENTRIES = 1000
const MAX_SHEETS = 16
/** Excel's widest sheet (XFD). */
const EXCEL_COLUMNS = 16_384

class Refusal extends Error {
  constructor(
    readonly key: string,
    readonly params?: Record<string, string | number>,
  ) {
    super(key)
  }
}

/** A column's letters as its number: A is 1, XFD 16384. */
const columnNumber = (letters: string) => [...letters].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0)
export const columnLetters = (n: number): string =>
  (n > 26 ? columnLetters(Math.floor((n - 1) / 26)) : '') + String.fromCharCode(65 + ((n - 1) % 26))

/** A reference (A1, $B$2, A1:XFD1048576) as its bottom-right corner; undefined when it is none. */
function corner(ref: string): { column: number; row: number } | undefined {
  const cells = ref
    .split(':')
    .map((part) => /^\$?([A-Z]+)\$?(\d+)$/i.exec(part.trim()))
    .filter((match) => match !== null)
  if (!cells.length) return undefined
  return {
    column: Math.max(...cells.map((match) => columnNumber(match[1].toUpperCase()))),
    row: Math.max(...cells.map((match) => Number(match[2]))),
  }
}

/** Refuses a reference beyond the template's columns or the import's rows. */
function within(ref: string, bounds: SheetBounds) {
  const at = corner(ref)
  if (!at) return
  if (at.column > bounds.columns)
    throw new Refusal('import.tooWide', { column: columnLetters(at.column), max: bounds.columns })
  if (at.row > bounds.rows) throw new Refusal('import.tooLong', { row: at.row, max: bounds.rows - 1 })
}

/** An element's attribute values, whatever its namespace prefix and quotes. */
const attributes = (xml: string, element: string, attribute: string) =>
  [
    ...xml.matchAll(
      new RegExp(`<(?:[\\w.-]+:)?${element}(?=[\\s/>])[^>]*?\\s${attribute}\\s*=\\s*["']([^"']*)["']`, 'g'),
    ),
  ].map((match) => match[1])
const count = (xml: string, element: string) =>
  xml.match(new RegExp(`<(?:[\\w.-]+:)?${element}(?=[\\s/>])`, 'g'))?.length ?? 0
/** The XML without an element and what it holds (the element never nests in itself). */
const without = (xml: string, element: string) =>
  xml.replace(new RegExp(`<((?:[\\w.-]+:)?${element})(?=[\\s/>])(?:[^>]*?/>|[\\s\\S]*?</\\1\\s*>)`, 'g'), '')

/**
 * A sheet's XML checked: its dimension, rows, cells and merges within the bounds, its columns'
 * formats within Excel's width. Answers it without its data validations, which exceljs lays on every
 * cell of their ranges (a whole column is a million) and an import does not need.
 */
function checkedSheet(xml: string, bounds: SheetBounds): string {
  for (const ref of attributes(xml, 'dimension', 'ref')) within(ref, bounds)
  for (const ref of attributes(xml, 'mergeCell', 'ref')) within(ref, bounds)
  for (const ref of attributes(xml, 'c', 'r')) within(ref, bounds)
  for (const row of attributes(xml, 'row', 'r')) within(`A${row}`, bounds)
  // Rows and cells without a reference follow the one before: their number is bounded too.
  const rows = count(xml, 'row')
  if (rows > bounds.rows) throw new Refusal('import.tooLong', { row: rows, max: bounds.rows - 1 })
  if (count(xml, 'c') > bounds.columns * bounds.rows) throw new Refusal('import.tooComplex')
  if (attributes(xml, 'col', 'max').some((max) => Number(max) > EXCEL_COLUMNS)) throw new Refusal('import.tooComplex')
  return without(xml, 'dataValidations')
}

/**
 * The archive's parts, each unpacked only after its declared size was checked; fflate unpacks a part
 * into a buffer of that size, so a part that declares less than it holds comes out cut, never larger.
 */
function unpacked(bytes: Uint8Array): Unzipped {
  let entries = 0
  let total = 0
  try {
    return unzipSync(bytes, {
      filter({ size, originalSize }) {
        total += originalSize
        if (++entries > MAX_ENTRIES) throw new Refusal('import.tooComplex')
        if (total > MAX_UNPACKED_BYTES)
          throw new Refusal('import.unpackedTooLarge', { limit: readableSize(MAX_UNPACKED_BYTES) })
        if (originalSize > RATIO_FROM_BYTES && originalSize > size * MAX_RATIO) throw new Refusal('import.oddlyPacked')
        return true
      },
    })
  } catch (error) {
    throw error instanceof Refusal ? error : new Refusal('import.notSpreadsheet')
  }
}

/** The parts exceljs reads as sheets and as tables, by its own patterns of their names. */
const SHEET_PART = /xl\/worksheets\/sheet\d+[.]xml/
const TABLE_PART = /xl\/tables\/table\d+[.]xml/

/** The parts checked, as a new archive: only what was checked reaches exceljs. */
function checkedWorkbook(bytes: Uint8Array, bounds: SheetBounds): Uint8Array {
  // exceljs reads a name with a leading slash as the name without it.
  const parts = Object.fromEntries(
    Object.entries(unpacked(bytes)).map(([name, data]) => [name.replace(/^\/+/, ''), data]),
  )
  const text = (name: string) =>
    Buffer.from(parts[name].buffer, parts[name].byteOffset, parts[name].length).toString('utf8')
  const names = Object.keys(parts)
  const sheets = names.filter((name) => SHEET_PART.test(name))
  if (sheets.length > MAX_SHEETS) throw new Refusal('import.tooComplex')
  for (const name of sheets) parts[name] = Buffer.from(checkedSheet(text(name), bounds))
  // A table lays its rows into the sheet's cells.
  for (const name of names.filter((name) => TABLE_PART.test(name))) {
    for (const ref of attributes(text(name), 'table', 'ref')) within(ref, bounds)
  }
  // exceljs gives every cell of a defined name's range an entry; an import reads none of them.
  if (parts['xl/workbook.xml']) parts['xl/workbook.xml'] = Buffer.from(without(text('xl/workbook.xml'), 'definedNames'))
  // Stored, not packed again: exceljs reads them as they are.
  return zipSync(parts, { level: 0 })
}

/** A cell as a value: rich text and links as their text, formulas as their result, errors as nothing. */
function plain(value: ExcelJS.CellValue): CellValue {
  if (value === null || value === undefined) return null
  if (typeof value === 'string' || typeof value === 'number' || value instanceof Date) return value
  if (typeof value === 'boolean') return String(value)
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('')
    if ('text' in value && typeof value.text === 'string') return value.text
    if ('result' in value) return plain(value.result as ExcelJS.CellValue)
  }
  return null
}

/** The first sheet of the checked workbook, as its header row's texts and its data rows. */
async function firstSheet(bytes: Uint8Array, bounds: SheetBounds): Promise<ReadSheet> {
  const book = new ExcelJS.Workbook()
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer)
  } catch {
    throw new Refusal('import.notSpreadsheet')
  }
  const sheet = book.worksheets[0]
  if (!sheet) return { headers: [], rows: [] }
  // Cells and rows without a reference were counted, not placed: where they fell is known only now.
  within(`${columnLetters(Math.max(sheet.columnCount, 1))}${Math.max(sheet.rowCount, 1)}`, bounds)
  const width = sheet.columnCount
  const cellsOf = (row: ExcelJS.Row) =>
    Array.from({ length: width }, (_, i) => {
      const value = plain(row.getCell(i + 1).value)
      return typeof value === 'string' ? value.trim() || null : value
    })
  const headers = cellsOf(sheet.getRow(1)).map((value) => (value === null ? '' : String(value)))
  const rows: ReadSheet['rows'] = []
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells = cellsOf(row)
    if (number > 1 && cells.some((cell) => cell !== null)) rows.push({ row: number, cells })
  })
  return { headers, rows }
}

/** Checks and reads an uploaded file: its first sheet, or why it is refused. */
export async function readChecked(bytes: Uint8Array, bounds: SheetBounds): Promise<ReadAnswer> {
  try {
    // An .xlsx is a zip archive: anything else is refused before it is unpacked.
    const isZip = bytes.length > 4 && Buffer.from(bytes.buffer, bytes.byteOffset, 4).readUInt32LE(0) === 0x04034b50
    if (!isZip) throw new Refusal('import.notSpreadsheet')
    return { ok: true, sheet: await firstSheet(checkedWorkbook(bytes, bounds), bounds) }
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, key: error.key, params: error.params }
    throw error
  }
}
