import type { Actor } from '../../actor.js'
import type { ImportKind } from '../../db/schema.js'
import type { Db } from '../../db/types.js'
import { AppError, Code } from '../../errors.js'
import { formTranslator, serverTranslator, type Lang } from '../../plugins/i18n.js'
import { writeAudit } from '../../repositories/audit.js'
import { insertImport } from '../../repositories/imports.js'
import type { Field, FormData, FormDefinition } from '@yuezi/contract/forms/types'
import { fieldErrorMessage } from '@yuezi/contract/forms/messages'
import { fieldsOf, isEmpty, labelKeyOf, validateForm } from '@yuezi/contract/forms/validate'
import { addSheet, bytesOf, newWorkbook, readFirstSheet, type CellValue } from './workbook.js'

// The administration's imports: a spreadsheet of one kind (its columns the fields of the kind's
// form, by their labels in Chinese or English), every row checked by the form's rules and then by
// the kind's own (against the other rows and the site's records), all errors told by row and
// column, and all rows written in one transaction or none.

/** A refused cell: its sheet row (1 is the header), its column's header, the message. */
export interface ImportError {
  row: number
  column: string
  message: string
}

/** A row that passed the form's rules: its sheet row and its values by field key. */
export interface ImportRow {
  row: number
  data: FormData
}

/** An error a kind's own check finds: the row's sheet number, the field, the message's key in locales/server. */
export interface RowProblem {
  row: number
  key: string
  message: string
  params?: Record<string, string | number>
}

/** A one-time password of an imported staff account, answered once with the import and kept nowhere. */
export interface ImportedPassword {
  account: string
  name: string
  password: string
}

/** What an import made that only its answer tells. */
export interface ImportOutcome {
  passwords?: ImportedPassword[]
}

/** A kind of import: its form, its own checks, and what it writes (inside the import's transaction). */
export interface ImportKindSpec<Prepared> {
  definition: FormDefinition
  /** Its rows are about people (staff, mothers): the import's record keeps how many, not what they say. */
  personal?: boolean
  /** Checks the rows against each other and the site's records; answers the problems or what to write. */
  check(
    db: Db,
    siteId: number,
    rows: ImportRow[],
    today: string,
  ): Promise<{ problems: RowProblem[]; prepared: Prepared }>
  write(tx: Db, actor: Actor, importId: number, prepared: Prepared): Promise<ImportOutcome | void>
}

export interface ImportSettings {
  /** The largest file taken (IMPORT_MAX_BYTES). */
  maxBytes: number
  /** The most data rows one file may hold (IMPORT_MAX_ROWS). */
  maxRows: number
}

/** An import refused for its rows: code -1, `res.errors` every refused cell. */
export class ImportInvalidError extends AppError {
  constructor(errors: ImportError[]) {
    super(Code.INVALID_INPUT, 'import.invalid', { count: errors.length }, 200, { errors })
  }
}

const LANGS: Lang[] = ['zh-CN', 'en']
/** The header a person reads: lower case, without spaces and the required mark. */
const headerKey = (text: string) => text.replace(/[\s*＊]/g, '').toLowerCase()

/** A cell as the value its field takes: numbers typed as text read as numbers, dates as YYYY-MM-DD. */
function valueOf(field: Field, cell: CellValue): unknown {
  if (cell === null) return undefined
  const pad = (n: number) => String(n).padStart(2, '0')
  if (cell instanceof Date) {
    // A date cell is midnight in UTC of the day shown.
    return `${cell.getUTCFullYear()}-${pad(cell.getUTCMonth() + 1)}-${pad(cell.getUTCDate())}`
  }
  switch (field.type) {
    case 'number':
    case 'money':
      if (typeof cell === 'number') return cell
      return /^-?\d+(\.\d+)?$/.test(cell.replace(/,/g, '')) ? Number(cell.replace(/,/g, '')) : cell
    case 'date': {
      const day = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(String(cell))
      return day ? `${day[1]}-${pad(Number(day[2]))}-${pad(Number(day[3]))}` : String(cell)
    }
    case 'select': {
      const option = field.options?.find((o) =>
        LANGS.some((lang) => formTranslator(lang)(o.labelKey) === String(cell) || o.value === String(cell)),
      )
      return option ? option.value : String(cell)
    }
    default:
      return String(cell)
  }
}

/**
 * Reads, maps and checks a file by its form's rules; throws a file that cannot be read row by row
 * (its columns, no rows, too many), else answers the rows that pass and every row's errors.
 */
async function readRows(
  spec: ImportKindSpec<unknown>,
  settings: ImportSettings,
  bytes: Buffer,
  lang: Lang,
): Promise<{ rows: ImportRow[]; headers: Map<string, string>; errors: ImportError[] }> {
  const fields = fieldsOf(spec.definition)
  // No column beyond the template's, no row beyond the most an import takes and its header.
  const sheet = await readFirstSheet(bytes, { columns: fields.length, rows: settings.maxRows + 1 })
  const t = serverTranslator(lang)
  const byHeader = new Map<string, Field>()
  for (const field of fields) {
    for (const l of LANGS) byHeader.set(headerKey(formTranslator(l)(labelKeyOf(field))), field)
  }
  const errors: ImportError[] = []
  const columns = new Map<number, Field>()
  /** Each field's header as the file has it, to name the column of an error. */
  const headers = new Map<string, string>()
  sheet.headers.forEach((header, i) => {
    if (!header) return
    const field = byHeader.get(headerKey(header))
    if (!field) errors.push({ row: 1, column: header, message: t('import.unknownColumn', { column: header }) })
    else if (headers.has(field.key))
      errors.push({ row: 1, column: header, message: t('import.repeatedColumn', { column: header }) })
    else {
      columns.set(i, field)
      headers.set(field.key, header)
    }
  })
  for (const field of fields) {
    if (field.required && !headers.has(field.key)) {
      const column = formTranslator(lang)(labelKeyOf(field))
      errors.push({ row: 1, column, message: t('import.missingColumn', { column }) })
    }
  }
  if (errors.length) throw new ImportInvalidError(errors)
  if (!sheet.rows.length) throw new AppError(Code.INVALID_INPUT, 'import.empty')
  if (sheet.rows.length > settings.maxRows) {
    throw new AppError(Code.INVALID_INPUT, 'import.tooManyRows', { count: sheet.rows.length, max: settings.maxRows })
  }
  const forms = formTranslator(lang)
  const rows: ImportRow[] = []
  for (const { row, cells } of sheet.rows) {
    const data: FormData = {}
    columns.forEach((field, i) => {
      const value = valueOf(field, cells[i] ?? null)
      if (!isEmpty(value)) data[field.key] = value
    })
    const invalid = validateForm(spec.definition, data)
    for (const error of invalid) {
      errors.push({ row, column: headers.get(error.path) ?? '', message: fieldErrorMessage(error, forms) })
    }
    if (!invalid.length) rows.push({ row, data })
  }
  return { rows, headers, errors }
}

/**
 * Imports a file of the kind into the caller's site: every row, in one transaction with the
 * import's record and its audit entry, or nothing and every error. Answers the import's id, rows and outcome.
 */
export async function runImport<Prepared>(
  db: Db,
  actor: Actor,
  kind: ImportKind,
  spec: ImportKindSpec<Prepared>,
  settings: ImportSettings,
  file: { name: string; bytes: Buffer },
  lang: Lang,
  today: string,
): Promise<{ id: number; rows: number } & ImportOutcome> {
  const { rows, headers, errors } = await readRows(spec as ImportKindSpec<unknown>, settings, file.bytes, lang)
  return db.transaction(async (tx) => {
    // The rows that pass their form are checked against each other and the site in the same pass:
    // a room twice in the file is named beside another row's bad cell, not after it is put right.
    const { problems, prepared } = await spec.check(tx, actor.siteId, rows, today)
    if (problems.length || errors.length) {
      const t = serverTranslator(lang)
      const found = problems.map((problem) => ({
        row: problem.row,
        column: headers.get(problem.key) ?? '',
        message: t(problem.message, problem.params),
      }))
      // In the order of the sheet's rows, as a person goes through them.
      throw new ImportInvalidError([...errors, ...found].sort((a, b) => a.row - b.row))
    }
    const id = await insertImport(tx, {
      siteId: actor.siteId,
      kind,
      fileName: file.name,
      // Once the rows are written where they belong, their people's data is kept there alone.
      rows: spec.personal ? [] : rows.map((row) => row.data),
      rowCount: rows.length,
      by: actor.accountId,
    })
    const outcome = await spec.write(tx, actor, id, prepared)
    await writeAudit(tx, { ...actor, action: 'create', entity: 'imports', entityId: id })
    return { id, rows: rows.length, ...outcome }
  })
}

/** What a header's note says of its field: required or not, the options, the format. */
function noteOf(field: Field, lang: Lang): string {
  const t = serverTranslator(lang)
  const forms = formTranslator(lang)
  const parts = [t(field.required ? 'import.note.required' : 'import.note.optional')]
  if (field.options)
    parts.push(t('import.note.options', { options: field.options.map((o) => forms(o.labelKey)).join(' / ') }))
  if (field.type === 'date') parts.push(t('import.note.date'))
  if (field.type === 'money') parts.push(t('import.note.money'))
  if (field.type === 'number') {
    parts.push(
      t(field.decimals ? 'import.note.number' : 'import.note.whole', { min: field.min ?? '', max: field.max ?? '' }),
    )
  }
  if ((field.type === 'text' || field.type === 'textarea') && field.maxLength)
    parts.push(t('import.note.maxLength', { max: field.maxLength }))
  return parts.join('\n')
}

/** e.g. 期初库存导入模板.xlsx. */
export const templateName = (definition: FormDefinition, lang: Lang) =>
  `${serverTranslator(lang)('import.templateName', { title: formTranslator(lang)(definition.titleKey) })}.xlsx`

/** The kind's template: a header row of its fields' labels, each with a note of its rules. */
export async function templateOf(spec: ImportKindSpec<unknown>, lang: Lang): Promise<{ bytes: Buffer; name: string }> {
  const forms = formTranslator(lang)
  const title = forms(spec.definition.titleKey)
  const book = await newWorkbook()
  const columns = fieldsOf(spec.definition).map((field) => ({
    header: forms(labelKeyOf(field)),
    note: noteOf(field, lang),
    width: field.type === 'text' ? 24 : 16,
  }))
  const sheet = addSheet(book, title, columns, [])
  // Dates typed in a date column stay text the import reads as such.
  fieldsOf(spec.definition).forEach((field, i) => {
    if (field.type === 'date') sheet.getColumn(i + 1).numFmt = 'yyyy-mm-dd'
  })
  return { bytes: await bytesOf(book), name: templateName(spec.definition, lang) }
}
