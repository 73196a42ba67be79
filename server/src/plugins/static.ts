import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { AppError, Code } from '../errors.js'
import { uploadOpensFor } from '../services/uploads/index.js'
import { readUploadLink } from '../services/uploads/link.js'
import { STORED_NAME, fromStore, type UploadStore } from '../services/uploads/store.js'

export interface StaticOptions {
  uploads: UploadStore
  h5Dir: string
  /** Signs the links of uploaded files (services/uploads/link.ts). */
  linkSecret: Buffer
}

/** Build output that is named by its content hash, so it can be cached for good. */
const HASHED_ASSET = /^(js|css|static)\//

/**
 * index.html as the address of each page is answered: with that page's own scripts and stylesheets
 * (the build's page-assets.json, config/pageAssets.ts) preloaded after the app's, so that the
 * browser fetches them while the app's scripts run instead of once they have run and asked for
 * them. Read again when the build changes.
 */
function pageDocuments(h5Dir: string) {
  const indexFile = path.join(h5Dir, 'index.html')
  const manifest = path.join(h5Dir, 'page-assets.json')
  let built = -1
  let index = ''
  let pages = new Map<string, string>()
  const preload = (file: string) =>
    `<link rel="preload" href="/${file}" as="${file.endsWith('.css') ? 'style' : 'script'}" fetchpriority="low">`
  return (pathname: string): string => {
    const mtime = statSync(indexFile).mtimeMs
    if (mtime !== built) {
      built = mtime
      index = readFileSync(indexFile, 'utf8')
      const assets = existsSync(manifest)
        ? (JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, string[]>)
        : {}
      pages = new Map(
        Object.entries(assets).map(([page, files]) => [
          `/${page}`,
          index.replace('</head>', `${files.map(preload).join('')}</head>`),
        ]),
      )
    }
    return pages.get(pathname) ?? index
  }
}

/** What a GET outside the API serves: uploaded files, the H5 app and, for its routes, index.html. */
export default fp<StaticOptions>(
  async (app, { uploads, h5Dir, linkSecret }) => {
    // From the upload store, so that every instance serves what any of them stored; only to the
    // staff of the file's site: through a link the server signed for one of them, while she is
    // still its staff (an <image> sends no session), or with a session's token as the API calls carry it.
    app.get<{ Params: { name: string }; Querystring: { link?: unknown } }>(
      '/uploads/:name',
      { schema: { hide: true }, config: { errEnvelope: true } },
      async (request, reply) => {
        const { name } = request.params
        const forbidden = new AppError(Code.FORBIDDEN, 'upload.forbidden', {}, 403)
        let siteId: number
        let maxAge = 0
        if (typeof request.query.link === 'string') {
          const link = readUploadLink(linkSecret, name, request.query.link)
          if (!link || !(await app.linkHolderMay(link))) throw forbidden
          siteId = link.siteId
          maxAge = Math.max(0, link.expires - Math.ceil(Date.now() / 1000))
        } else if (typeof request.headers.token === 'string') {
          await app.authenticate(request).catch(() => {
            throw forbidden
          })
          siteId = request.session.siteId
        } else throw forbidden
        const notFound = new AppError(Code.NOT_FOUND, 'error.routeNotFound', {}, 404)
        if (!STORED_NAME.test(name)) throw notFound
        if (!(await uploadOpensFor(app.db, name, siteId))) throw forbidden
        const file = await fromStore(uploads.get(name))
        if (!file) throw notFound
        reply
          .type(file.mime)
          // Kept by this device alone, and no longer than the link opens it.
          .header('cache-control', `private, max-age=${maxAge}`)
          .header('cross-origin-resource-policy', 'same-site')
        if (file.size !== undefined) reply.header('content-length', file.size)
        return reply.send(file.body)
      },
    )

    const serveH5 = existsSync(path.join(h5Dir, 'index.html'))
    if (serveH5) {
      await app.register(fastifyStatic, {
        root: h5Dir,
        // The .br / .gz copies server/scripts/precompress.ts writes beside the build's files, when
        // there are any (smaller than on the fly, and no CPU per request); else @fastify/compress.
        preCompressed: true,
        // index.html is answered below, at '/' as at every page's address.
        index: false,
        cacheControl: false,
        setHeaders(reply, filePath) {
          const hashed = HASHED_ASSET.test(path.relative(h5Dir, filePath).split(path.sep).join('/'))
          reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache')
        },
      })
    }

    const pageDocument = serveH5 ? pageDocuments(h5Dir) : undefined
    const sendPage = (document: (pathname: string) => string, request: FastifyRequest, reply: FastifyReply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(document(request.url.split('?')[0]))
    if (pageDocument)
      app.get('/', { schema: { hide: true } }, (request, reply) => sendPage(pageDocument, request, reply))

    app.setNotFoundHandler((request, reply) => {
      // The H5 app routes in history mode: its page paths exist only in the browser.
      const appPage =
        (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|uploads)(\/|\?|$)/.test(request.url)
      if (pageDocument && appPage) return sendPage(pageDocument, request, reply)
      throw new AppError(Code.NOT_FOUND, 'error.routeNotFound', {}, 404)
    })
  },
  { name: 'static', dependencies: ['envelope', 'auth'] },
)
