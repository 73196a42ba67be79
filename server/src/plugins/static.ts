import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { AppError, Code } from '../errors.js';
import { STORED_NAME, fromStore, type UploadStore } from '../services/uploads/store.js';

export interface StaticOptions {
  uploads: UploadStore;
  h5Dir: string;
}

/** Build output that is named by its content hash, so it can be cached for good. */
const HASHED_ASSET = /^(js|css|static)\//;

/** What a GET outside the API serves: uploaded files, the H5 app and, for its routes, index.html. */
export default fp<StaticOptions>(
  async (app, { uploads, h5Dir }) => {
    // From the upload store, so that every instance serves what any of them stored.
    app.get<{ Params: { name: string } }>('/uploads/:name', { schema: { hide: true } }, async (request, reply) => {
      const { name } = request.params;
      const notFound = new AppError(Code.NOT_FOUND, 'error.routeNotFound', {}, 404);
      if (!STORED_NAME.test(name)) throw notFound;
      const file = await fromStore(uploads.get(name));
      if (!file) throw notFound;
      reply
        .type(file.mime)
        // A stored name is never written again: its bytes may be kept for good.
        .header('cache-control', 'public, max-age=31536000, immutable')
        // Signatures and photos are also shown by pages of other origins (the PC back-office).
        .header('cross-origin-resource-policy', 'cross-origin');
      if (file.size !== undefined) reply.header('content-length', file.size);
      return reply.send(file.body);
    });

    const serveH5 = existsSync(path.join(h5Dir, 'index.html'));
    if (serveH5) {
      await app.register(fastifyStatic, {
        root: h5Dir,
        // The .br / .gz copies server/scripts/precompress.ts writes beside the build's files, when
        // there are any (smaller than on the fly, and no CPU per request); else @fastify/compress.
        preCompressed: true,
        cacheControl: false,
        setHeaders(reply, filePath) {
          const hashed = HASHED_ASSET.test(path.relative(h5Dir, filePath).split(path.sep).join('/'));
          reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      // The H5 app routes in history mode: its page paths exist only in the browser.
      const appPage = (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|uploads)(\/|\?|$)/.test(request.url);
      if (serveH5 && appPage) {
        // Not `return reply.sendFile()`: awaiting the reply of a file stream leaks listeners.
        reply.sendFile('index.html');
        return;
      }
      throw new AppError(Code.NOT_FOUND, 'error.routeNotFound', {}, 404);
    });
  },
  { name: 'static', dependencies: ['envelope'] },
);
