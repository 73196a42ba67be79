import { Worker, type WorkerOptions } from 'node:worker_threads'
import type ExcelJS from 'exceljs'
import { AppError, Code } from '../../errors.js'
import type { CellValue, ReadAnswer, ReadSheet, SheetBounds } from './sheetReader.js'
export type { CellValue, ReadSheet } from './sheetReader.js'

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

/** A new workbook; the spreadsheet library (a few hundred modules) loads with the first, not at every start. */
export const newWorkbook = async () => {
  const { default: Excel } = await import('exceljs')
  const book = new Excel.Workbook()
  book.created = new Date()
  return book
}

export const bytesOf = async (book: ExcelJS.Workbook) => Buffer.from(await book.xlsx.writeBuffer())

/** How long reading one file may take, and how much memory (the worker's heap). */
export interface ReadLimits {
  ms: number
  memoryMb: number
}

/** Some tenfold what 2,000 rows of twelve columns take on a busy machine (about 5 s, within 32 MB). */
export const READ_LIMITS: ReadLimits = { ms: 30_000, memoryMb: 256 }

/**
 * The sheet worker: in the built server the bundle's entry beside this one; from the sources, the
 * TypeScript file under tsx, registered in the worker by its API (a worker does not take the hooks of
 * `--import tsx` for its own first file).
 */
const WORKER: [string | URL, WorkerOptions] = import.meta.url.endsWith('.ts')
  ? [
      `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => { register(); ` +
        `return import(${JSON.stringify(new URL('./sheetWorker.ts', import.meta.url).href)}) })`,
      { eval: true },
    ]
  : [new URL('./sheetWorker.js', import.meta.url), {}]

/**
 * The first sheet of an uploaded workbook, its area checked against `bounds` first (sheetReader.ts),
 * read in a worker that is ended past the limits; the server goes on answering meanwhile. Throws the
 * refusal, code -1, when the file is no workbook, exceeds the bounds or the limits.
 */
export function readFirstSheet(
  bytes: Buffer,
  bounds: SheetBounds,
  limits: ReadLimits = READ_LIMITS,
): Promise<ReadSheet> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER[0], {
      ...WORKER[1],
      workerData: { bytes, bounds },
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb },
    })
    const done = (answer: ReadAnswer | Error) => {
      clearTimeout(timer)
      void worker.terminate()
      if (answer instanceof Error) reject(answer)
      else if (answer.ok) resolve(answer.sheet)
      else reject(refusal(answer.key, answer.params))
    }
    const timer = setTimeout(() => done(refusal('import.tooComplex')), limits.ms)
    worker.once('message', done)
    // Past its memory the worker is ended; anything else it threw is the server's fault.
    worker.once('error', (error: Error & { code?: string }) =>
      done(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? refusal('import.tooComplex') : error),
    )
    worker.once('exit', () => done(refusal('import.tooComplex')))
  })
}

const refusal = (key: string, params?: Record<string, string | number>) => new AppError(Code.INVALID_INPUT, key, params)
