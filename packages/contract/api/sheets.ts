import { Type } from 'typebox'
import { Envelope } from './common.js'
import { FormRecordListBody } from './formRecords.js'
import { InboundListBody } from './inbound.js'
import { OutApplyListBody } from './outApply.js'
import { SpecialCareListBody } from './specialCare.js'
import { StockListBody } from './stock.js'
import { AnswerListBody } from './checkNotice.js'

// Spreadsheets: a list exported as .xlsx through a short-lived link, and the administration's imports.

const withoutPaging = ['page', 'limit'] as const

/** The records of one or more forms (each its own worksheet), with the record list's filters. */
export const FormRecordExportBody = Type.Object({
  ...Type.Omit(FormRecordListBody, ['name', ...withoutPaging]).properties,
  names: Type.Array(Type.String({ minLength: 1, maxLength: 50 }), {
    minItems: 1,
    maxItems: 10,
    uniqueItems: true,
    description: "The forms' titles, e.g. 入住通知单（月子）",
  }),
})

export const OutApplyExportBody = Type.Omit(OutApplyListBody, withoutPaging)
export const SpecialCareExportBody = Type.Omit(SpecialCareListBody, withoutPaging)
export const InboundExportBody = Type.Omit(InboundListBody, withoutPaging)
/** The stock page: the products with this keyword, and their batches in stock. */
export const StockExportBody = Type.Omit(StockListBody, withoutPaging)
/** The acknowledgements of the check-in rules (入住须知), of a customer or all. */
export const AnswerExportBody = Type.Omit(AnswerListBody, withoutPaging)

/** Where the spreadsheet is: a path on the API server that needs no headers, and the file's name. */
export const SheetLink = Envelope(
  Type.Object({
    url: Type.String({ description: '/api/sheet/<token>: opens without a session until the link expires' }),
    name: Type.String({ description: 'e.g. 出库单列表-2026-11-26.xlsx, in the language of the request' }),
  }),
)

export const SheetToken = Type.Object({ token: Type.String({ minLength: 1, maxLength: 1500 }) })

/** The spreadsheet itself. */
export const SheetFile = Type.Unsafe<Uint8Array>({
  type: 'string',
  format: 'binary',
  description: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
})

/** What can be imported. */
export const IMPORT_KINDS = [
  'staff',
  'rooms',
  'products',
  'packages',
  'stayPackages',
  'openingStock',
  'mothers',
] as const

/** What can be imported; each has its template. */
export const ImportKind = Type.Enum(IMPORT_KINDS)

export const ImportTemplateBody = Type.Object({ kind: ImportKind })

/** The multipart fields `kind` and `file` (.xlsx), documented: the handler reads the stream itself. */
export const ImportUploadBody = {
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        nullable: true,
        properties: { kind: { type: 'string', enum: IMPORT_KINDS }, file: { type: 'string', format: 'binary' } },
        required: ['kind', 'file'],
      },
    },
  },
}

/** A cell the import refused: its row (as the spreadsheet numbers it), its column's header, and why. */
export const ImportError = Type.Object({
  row: Type.Integer({ description: 'The sheet row, 1 = the header row' }),
  column: Type.String({ description: "The column's header as the file has it ('' for the whole row)" }),
  message: Type.String(),
})

/** A staff account's one-time password, answered only with the import that made it. */
export const ImportedPassword = Type.Object({ account: Type.String(), name: Type.String(), password: Type.String() })

export const ImportDone = Envelope(
  Type.Object({
    id: Type.Integer(),
    rows: Type.Integer(),
    passwords: Type.Optional(
      Type.Array(ImportedPassword, {
        description: "Staff: each account's one-time password (changed at her first sign-in), shown once, kept nowhere",
      }),
    ),
  }),
)
