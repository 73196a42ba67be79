import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { actorOf } from '../../actor.js'
import { AppError, Code } from '../../errors.js'
import { readableSize } from '../../lib/fileName.js'
import { UploadBody, UploadLinksBody, UploadLinksReply, UploadReply } from '@yuezi/contract/api/uploads'
import { invalidUpload, storeUpload } from '../../services/uploads/index.js'
import type { UploadStore } from '../../services/uploads/store.js'

export interface UploadRoutesOptions {
  uploads: UploadStore
  uploadMaxBytes: number
  /** Uploads of one account per minute (UPLOAD_RATE_MAX). */
  rateMax: number
}

/**
 * The multipart parser's own errors (no boundary, a body cut short) carry no HTTP status, unlike
 * the plugin's: they are about the request all the same.
 */
const malformed = (error: { statusCode?: number }): never => {
  throw error.statusCode ? error : invalidUpload('error.badRequest')
}

/** Uploads of images (signatures, photos), answered in the upload envelope `{err, message, data}`. */
const uploadRoutes: FastifyPluginAsyncTypebox<UploadRoutesOptions> = async (
  app,
  { uploads, uploadMaxBytes, rateMax },
) => {
  app.addHook('onRequest', app.authenticate)

  app.post(
    '/upload',
    {
      schema: {
        summary: 'Upload an image (png, jpg, jpeg, bmp, gif) as the multipart field `file`',
        description: 'Past UPLOAD_RATE_MAX uploads a minute from one account: `{err: -3, message}`.',
        consumes: ['multipart/form-data'],
        body: UploadBody,
        response: { 200: UploadReply },
      },
      config: {
        errEnvelope: true,
        rateLimit: {
          max: rateMax,
          timeWindow: 60_000,
          // After authentication, before the file is read: counted per account, refused or not.
          hook: 'preHandler',
          keyGenerator: (request) => String(request.session.accountId),
          errorResponseBuilder: () => new AppError(Code.TOO_MANY_ATTEMPTS, 'upload.tooMany'),
        },
      },
    },
    async (request) => {
      // preservePath: see the name as sent, so that a path in it is refused rather than cut silently.
      const file = await request
        .file({ limits: { fileSize: uploadMaxBytes, files: 1 }, preservePath: true })
        .catch(malformed)
      if (!file) throw invalidUpload('upload.fileRequired')
      const bytes = await file.toBuffer().catch((error: { code?: string; statusCode?: number }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
          throw invalidUpload('upload.tooLarge', { limit: readableSize(uploadMaxBytes) })
        }
        return malformed(error)
      })
      const stored = await storeUpload(app.db, actorOf(request), uploads, { name: file.filename, bytes })
      return {
        err: 0,
        message: request.t('upload.ok'),
        data: {
          // The reference; the reply hands it out as a signed link (plugins/ownUploads.ts).
          url: `/uploads/${stored.name}`,
          name: file.filename,
          size: stored.size,
        },
      }
    },
  )

  // A form's draft keeps the links it was shown, which expire: the app asks for them again.
  app.post(
    '/links',
    {
      schema: {
        summary: "Fresh links of photos' and signatures' values (the reply signs them for the caller's site)",
        body: UploadLinksBody,
        response: { 200: UploadLinksReply },
      },
      config: { errEnvelope: true },
    },
    async (request) => ({
      err: 0,
      message: request.t('ok'),
      data: { urls: request.body.urls.map((url) => (request.isOwnUpload(url) ? url : null)) },
    }),
  )
}

export default uploadRoutes
