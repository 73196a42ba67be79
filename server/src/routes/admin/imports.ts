import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { actorOf } from '../../actor.js'
import { readableSize } from '../../lib/fileName.js'
import { AppError, Code } from '../../errors.js'
import { centreToday } from '../../lib/dates.js'
import { IMPORT_KINDS, ImportDone, ImportTemplateBody, ImportUploadBody, SheetLink } from '@yuezi/contract/api/sheets'
import {
  IMPORT_SPECS,
  MAX_UNPACKED_BYTES,
  READ_LIMITS,
  createTemplateLink,
  runImport,
  type ImportKind,
  type ImportSettings,
} from '../../services/sheets/index.js'

// The administration's imports: a kind's template to download, and a filled-in file to import.

export interface ImportRoutesOptions extends ImportSettings {
  linkSecret: Buffer
  linkTtlSeconds: number
  /** Uploads of one account per minute (IMPORT_RATE_MAX). */
  rateMax: number
}

const refused = (key: string, params: Record<string, string | number> = {}) =>
  new AppError(Code.INVALID_INPUT, key, params)

const importRoutes: FastifyPluginAsyncTypebox<ImportRoutesOptions> = async (
  app,
  { linkSecret, linkTtlSeconds, rateMax, ...settings },
) => {
  app.addHook('onRequest', app.authenticate)
  app.addHook('onRequest', app.administer)

  app.post(
    '/template',
    {
      schema: {
        summary: "A kind's import template as .xlsx (a link, as the list exports answer)",
        description:
          'Answers `{url, name}`: url `/api/sheet/<token>` downloads the template (its header row the columns, ' +
          "each header's note the column's rules) without headers until it expires.",
        body: ImportTemplateBody,
        response: { 200: SheetLink },
      },
    },
    async (request, reply) =>
      reply.ok(createTemplateLink({ linkSecret, linkTtlSeconds }, actorOf(request), request.body.kind, request.lang)),
  )

  app.post(
    '/upload',
    {
      schema: {
        summary: 'Import a filled-in template (.xlsx) of a kind: every row, or none',
        description:
          'Multipart fields `kind` (before the file) and `file`. A file that is no .xlsx, larger than ' +
          'IMPORT_MAX_BYTES, without data rows or with more than IMPORT_MAX_ROWS: code -1 and why; so is one ' +
          "that uses a column beyond the template's or a row beyond IMPORT_MAX_ROWS and the header (its " +
          `dimension, a cell or a merge), unpacks to more than ${readableSize(MAX_UNPACKED_BYTES)} or oddly far, ` +
          `or is not read within ${READ_LIMITS.ms / 1000} s and ${READ_LIMITS.memoryMb} MB (read in a worker ` +
          'thread: the server answers others meanwhile). Past IMPORT_RATE_MAX ' +
          'uploads a minute from one account: code -3, `res.retry_after` (seconds). Columns by ' +
          "their header (Chinese or English label); rows checked by the form rules and the kind's own, as the " +
          'administration pages check a save (staff: a free account name; rooms: a new room number; products: a ' +
          "new name and specification; packages: rows grouped by the package's name, a new package of the site's " +
          'products; opening stock: the product by name and specification, a new batch number, an expiry not past), ' +
          'and repeats within the file. Any error: code -1, `res.errors` [{row, column, message}] in the language of ' +
          'the request, nothing written. Else every row in one transaction with the import and every audit entry: ' +
          "`{id, rows}`, for staff with `passwords`, each new account's one-time password, answered this once. " +
          "The import's record keeps the rows of things, never those of staff or mothers.",
        consumes: ['multipart/form-data'],
        body: ImportUploadBody,
        response: { 200: ImportDone },
      },
      config: {
        rateLimit: {
          max: rateMax,
          timeWindow: 60_000,
          // After authentication, before the file is read: counted per account, refused or not.
          hook: 'preHandler',
          keyGenerator: (request) => String(request.session.accountId),
          errorResponseBuilder: (_request, context) =>
            new AppError(Code.TOO_MANY_ATTEMPTS, 'import.tooMany', {}, 200, {
              retry_after: Math.ceil(context.ttl / 1000),
            }),
        },
      },
    },
    async (request) => {
      let kind: ImportKind | undefined
      let file: { name: string; bytes: Buffer } | undefined
      try {
        for await (const part of request.parts({ limits: { fileSize: settings.maxBytes, files: 1, fields: 5 } })) {
          if (part.type === 'field') {
            if (part.fieldname === 'kind' && IMPORT_KINDS.includes(part.value as ImportKind)) {
              kind = part.value as ImportKind
            }
          } else if (part.fieldname === 'file') {
            file = { name: part.filename, bytes: await part.toBuffer() }
          } else {
            await part.toBuffer()
          }
        }
      } catch (error) {
        const { code, statusCode } = error as { code?: string; statusCode?: number }
        if (code === 'FST_REQ_FILE_TOO_LARGE')
          throw refused('import.tooLarge', { limit: readableSize(settings.maxBytes) })
        throw statusCode ? error : refused('error.badRequest')
      }
      if (!kind) throw refused('import.kindRequired')
      if (!file?.bytes.length) throw refused('import.fileRequired')
      const done = await runImport(
        app.db,
        actorOf(request),
        kind,
        IMPORT_SPECS[kind],
        settings,
        file,
        request.lang,
        centreToday(request.session),
      )
      return { code: Code.OK, msg: request.t('import.done', { rows: done.rows }), res: done }
    },
  )
}

export default importRoutes
