import ExcelJS from 'exceljs'

// The .xlsx files themselves: a list written as a sheet with a header row, and a sheet read back
// as its header row and data rows, each cell as plain text, number or date.

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** A column of a written sheet: its header, how wide, a note on the header, how numbers show. */
export interface Column {
  header: string
  width?: number
  note?: string
  numFmt?: string
}

export type CellValue = string | number | Date | null

const WIDTH = { min: 8, max: 60 }

/** What Excel accepts as a sheet's name: at most 31 characters, none of []:*?/\, and unique in the book. */
function sheetName(book: ExcelJS.Workbook, name: string): string {
  const base = name.replace(/[[\]:*?/\\]/g, '_').slice(0, 28) || 'Sheet'
  let candidate = base
  for (let n = 2; book.getWorksheet(candidate); n++) candidate = `${base}(${n})`
  return candidate
}

/** Wide enough for the longest value of the column (a CJK character takes two widths), within bounds. */
const widthOf = (values: CellValue[]) =>
  Math.min(
    WIDTH.max,
    Math.max(
      WIDTH.min,
      ...values.map((value) =>
        Math.max(
          ...String(value instanceof Date ? '2026-01-01' : (value ?? ''))
            .split('\n')
            .map((line) => [...line].reduce((n, c) => n + (c.charCodeAt(0) > 0xff ? 2 : 1), 0) + 2),
        ),
      ),
    ),
  )

/** Adds a sheet: the header row bold and frozen, a line per row, long texts wrapped. */
export function addSheet(book: ExcelJS.Workbook, name: string, columns: Column[], rows: CellValue[][]) {
  const sheet = book.addWorksheet(sheetName(book, name), { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = columns.map((column, i) => ({
    header: column.header,
    width: column.width ?? widthOf([column.header, ...rows.map((row) => row[i])]),
    style: column.numFmt ? { numFmt: column.numFmt } : {},
  }))
  const header = sheet.getRow(1)
  header.font = { bold: true }
  columns.forEach((column, i) => {
    if (column.note) header.getCell(i + 1).note = column.note
  })
  for (const row of rows) {
    const added = sheet.addRow(row)
    row.forEach((value, i) => {
      if (typeof value === 'string' && value.includes('\n')) added.getCell(i + 1).alignment = { wrapText: true }
    })
  }
  return sheet
}

export const newWorkbook = () => {
  const book = new ExcelJS.Workbook()
  book.created = new Date()
  return book
}

export const bytesOf = async (book: ExcelJS.Workbook) => Buffer.from(await book.xlsx.writeBuffer())

/** A read sheet: the header row's texts and each data row (its sheet row number and its cells by column). */
export interface ReadSheet {
  headers: string[]
  rows: { row: number; cells: CellValue[] }[]
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

/** The first sheet of a workbook's bytes; undefined when they are no workbook exceljs reads. */
export async function readFirstSheet(bytes: Buffer): Promise<ReadSheet | undefined> {
  const book = new ExcelJS.Workbook()
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer)
  } catch {
    return undefined
  }
  const sheet = book.worksheets[0]
  if (!sheet) return { headers: [], rows: [] }
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
