import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError, Code } from '../../errors.js';
import { detectImage, IMAGE_EXTENSIONS } from '../../lib/images.js';
import { recordUpload } from '../../repositories/uploads.js';

export interface OssRoutesOptions {
  uploadDir: string;
  uploadMaxBytes: number;
}

const MiB = 1024 * 1024;
const readableSize = (bytes: number) =>
  bytes >= MiB ? `${Math.round((bytes / MiB) * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`;
const invalid = (key: string, params?: Record<string, string | number>) => new AppError(Code.INVALID_INPUT, key, params);
/**
 * The multipart parser's own errors (no boundary, a body cut short) carry no HTTP status, unlike
 * the plugin's: they are about the request all the same.
 */
const malformed = (error: { statusCode?: number }): never => {
  throw error.statusCode ? error : invalid('error.badRequest');
};

const ossRoutes: FastifyPluginAsyncTypebox<OssRoutesOptions> = async (app, { uploadDir, uploadMaxBytes }) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/upload',
    {
      schema: {
        summary: 'Upload an image (png, jpg, jpeg, bmp, gif) as the multipart field `file`',
        consumes: ['multipart/form-data'],
        // Documents the field. The handler reads the file stream itself and the body stays empty,
        // which Fastify validates as null: hence nullable.
        body: {
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
        },
        response: {
          200: Type.Object({
            err: Type.Integer({ description: '0 = success, 401 = log in again, else an error code' }),
            message: Type.String(),
            data: Type.Object({ url: Type.String(), name: Type.String(), size: Type.Integer() }),
          }),
        },
      },
      config: { errEnvelope: true },
    },
    async (request) => {
      // preservePath: see the name as sent, so that a path in it is refused rather than cut silently.
      const file = await request.file({ limits: { fileSize: uploadMaxBytes, files: 1 }, preservePath: true }).catch(malformed);
      if (!file) throw invalid('upload.fileRequired');
      const bytes = await file.toBuffer().catch((error: { code?: string; statusCode?: number }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw invalid('upload.tooLarge', { limit: readableSize(uploadMaxBytes) });
        return malformed(error);
      });
      // The client's name only gives the extension and is shown back; it never becomes a path.
      if (/[/\\\0]/.test(file.filename)) throw invalid('upload.badName');
      if (bytes.length === 0) throw invalid('upload.empty');
      const image = detectImage(file.filename, bytes);
      if (!image) throw invalid('upload.badType', { types: IMAGE_EXTENSIONS.join(', ') });

      const storedName = `${randomUUID()}.${image.extension}`;
      await writeFile(path.join(uploadDir, storedName), bytes, { flag: 'wx' });
      await recordUpload(app.db, {
        siteId: request.session.siteId,
        accountId: request.session.accountId,
        path: storedName,
        originalName: file.filename,
        size: bytes.length,
        mime: image.mime,
      });
      return {
        err: 0,
        message: request.t('upload.ok'),
        data: { url: `${request.protocol}://${request.host}/uploads/${storedName}`, name: file.filename, size: bytes.length },
      };
    },
  );
};

export default ossRoutes;
