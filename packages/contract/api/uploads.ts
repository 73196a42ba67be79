import { Type } from 'typebox'
import { Nullable, Upload } from './common.js'

// /api/admin/oss: uploads, in their own envelope `{err, message, data}`.

/**
 * The multipart field `file`, documented. The handler reads the file stream itself and the body
 * stays empty, which Fastify validates as null: hence nullable.
 */
export const UploadBody = {
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        nullable: true,
        properties: { file: { type: 'string', format: 'binary' } },
        required: ['file'],
      },
    },
  },
}

export const UploadReply = Type.Object({
  err: Type.Integer({ description: '0 = success, 401 = log in again, else an error code' }),
  message: Type.String(),
  data: Type.Object({ url: Upload(), name: Type.String(), size: Type.Integer() }),
})

/** Photos' and signatures' values to show again (a draft's, once its links have expired). */
export const UploadLinksBody = Type.Object({
  urls: Type.Array(Type.String({ maxLength: 2048 }), { maxItems: 200 }),
})

export const UploadLinksReply = Type.Object({
  err: Type.Integer({ description: '0 = success, 401 = log in again, else an error code' }),
  message: Type.String(),
  data: Type.Object({
    urls: Type.Array(Nullable(Upload()), {
      description:
        "Each value's fresh signed link, in the same order; null for a value that is no upload of this server",
    }),
  }),
})
