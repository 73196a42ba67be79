import { Type } from 'typebox'
import { Envelope, Id } from './common.js'

// Printing and sharing: a saved record or order as a PDF, through a short-lived link.

/** A form record (`id`) or a check-in rules acknowledgement (`answer_id`): one of the two. */
export const FormRecordPdfBody = Type.Object({ id: Type.Optional(Id), answer_id: Type.Optional(Id) })

/** A customer of the site whose bill is printed. */
export const BillPdfBody = Type.Object({ customer_id: Id })

/** Where the PDF is: a path on the API server that needs no headers, and the file's name. */
export const PdfLink = Envelope(
  Type.Object({
    url: Type.String({
      description: '/api/pdf/<token>: opens without a session until the link expires (default 5 minutes)',
    }),
    name: Type.String({ description: 'e.g. 儿科医生查房签到表-12.pdf, in the language of the request' }),
  }),
)

export const PdfToken = Type.Object({ token: Type.String({ minLength: 1, maxLength: 500 }) })

/** A refused link: HTTP 403, in the link's language. */
export const PdfRefused = Type.Object({ code: Type.Integer(), msg: Type.String(), res: Type.Null() })

/** The PDF itself (application/pdf). */
export const PdfFile = Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary', description: 'application/pdf' })
