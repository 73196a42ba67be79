import compress from '@fastify/compress'
import multipart from '@fastify/multipart'
import rateLimit from '@fastify/rate-limit'
import swagger from '@fastify/swagger'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Fastify, { type FastifyInstance } from 'fastify'
import type { Config } from './config.js'
import type { Db } from './db/types.js'
import authPlugin from './plugins/auth.js'
import backupsPlugin from './plugins/backups.js'
import integrityPlugin from './plugins/integrity.js'
import retentionPlugin from './plugins/retention.js'
import dbPlugin from './plugins/db.js'
import envelopePlugin from './plugins/envelope.js'
import i18nPlugin from './plugins/i18n.js'
import inputPlugin from './plugins/input.js'
import ownUploadsPlugin from './plugins/ownUploads.js'
import replySchemasPlugin from './plugins/replySchemas.js'
import requestLogPlugin, { RequestLog, loggedRequest, requestIdOf } from './plugins/requestLog.js'
import securityHeadersPlugin from './plugins/securityHeaders.js'
import shutdownPlugin from './plugins/shutdown.js'
import { databaseRateLimitStore } from './plugins/rateLimitStore.js'
import staticPlugin from './plugins/static.js'
import staffRoutes from './routes/admin/staff.js'
import siteRoutes from './routes/admin/site.js'
import masterDataRoutes from './routes/admin/masterData.js'
import importRoutes from './routes/admin/imports.js'
import uploadRoutes from './routes/admin/uploads.js'
import accountRoutes from './routes/care/account.js'
import customerRoutes from './routes/care/customer.js'
import deskRoutes from './routes/care/desk.js'
import roomRoutes from './routes/care/room.js'
import medicineRoutes from './routes/care/forms/medicines.js'
import formRecordRoutes from './routes/care/forms/formRecords.js'
import siteListRoutes from './routes/care/forms/siteLists.js'
import stockListRoutes from './routes/care/forms/stockLists.js'
import checkNoticeRoutes from './routes/care/forms/checkNotice.js'
import productBatchRoutes from './routes/care/productBatches.js'
import mapRoutes from './routes/care/map.js'
import outApplyRoutes from './routes/care/outApply.js'
import specialCareRoutes from './routes/care/specialCare.js'
import inboundRoutes from './routes/care/inbound.js'
import metaRoutes from './routes/meta.js'
import pdfRoutes from './routes/pdf.js'
import sheetRoutes from './routes/sheets.js'
import { loggedError } from './lib/loggedError.js'
import { MASTER_KINDS } from '@yuezi/contract/forms/definitions/masterData'
import { NO_BACKUP_KEY } from './services/backup/index.js'
import { fontProblem } from './services/pdf/font.js'
import { openUploadStore } from './services/uploads/index.js'
import type { UploadStore } from './services/uploads/store.js'
import { sweepUploads } from './services/uploads/sweep.js'

/** Believes the `hops` addresses nearest the server: the proxies in front, each naming who called it. */
const hopsTrusted = (hops: number) => (_address: string, hop: number) => hop < hops

/** Where the log goes instead of stdout: a test reads it. */
export interface BuildOptions {
  logStream?: { write(line: string): void }
}

export async function buildApp(config: Config, { logStream }: BuildOptions = {}): Promise<FastifyInstance> {
  // A server that backs itself up without a key would make no backup, and say so only in its log.
  if (config.backup.auto && !config.backup.key)
    throw new Error(`Automatic backups are on (BACKUP_AUTO; by default in production), but ${NO_BACKUP_KEY}`)
  const app = Fastify({
    // Every logged error, Fastify's own included, keeps its kind and never its values (loggedError);
    // a logged request never its token (loggedRequest).
    logger: { level: config.logLevel, serializers: { err: loggedError, req: loggedRequest }, stream: logStream },
    // A hop count as proxy-addr reads one (Fastify believes no hop of a bare number).
    trustProxy: typeof config.trustProxy === 'number' ? hopsTrusted(config.trustProxy) : config.trustProxy,
    // A new embedded database is created, migrated and seeded at start: on a busy 2-core machine
    // that outlasts Fastify's 10 s default for a plugin.
    pluginTimeout: 120_000,
    // A PDF link's token is a path segment longer than the router's default limit of 100 characters.
    routerOptions: { maxParamLength: 500 },
    // Each request's id comes from the proxy's X-Request-Id when it sent a usable one (requestLog.ts).
    requestIdHeader: false,
    genReqId: requestIdOf,
    logController: new RequestLog(),
    // Closing (SIGTERM, see main.ts): requests under way finish; a connection waiting for its next
    // request is closed, and a request that still comes on one is answered 503, never dropped.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  }).withTypeProvider<TypeBoxTypeProvider>()
  const uploads = await openUploadStore(config)
  app.addHook('onClose', async () => uploads.close?.())

  // External plugins.
  await app.register(securityHeadersPlugin, config.csp)
  await app.register(compress)
  // Counted in the database: every instance behind the load balancer counts the same attempts.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(() => app.db) })
  await app.register(multipart)
  await app.register(swagger, {
    openapi: {
      info: { title: '月子中心客服端 API', version: '1.0.0' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
      security: [{ token: [] }],
    },
  })

  // App plugins.
  await app.register(requestLogPlugin)
  await app.register(i18nPlugin)
  await app.register(shutdownPlugin)
  await app.register(envelopePlugin)
  await app.register(replySchemasPlugin)
  await app.register(inputPlugin)
  await app.register(ownUploadsPlugin, { origins: config.csp.apiOrigins, links: config.uploadLinks })
  // The demo data, when asked for: its code is loaded only then, a production start runs none of it.
  const afterMigrate = config.seed ? async (db: Db) => (await import('./demo/seed.js')).seed(db, uploads) : undefined
  await app.register(dbPlugin, { config, afterMigrate })
  await app.register(integrityPlugin, { everyHours: config.integrityCheckHours, thorough: !config.databaseUrl })
  await app.register(retentionPlugin, config.retention)
  await app.register(backupsPlugin, { dataDir: config.dataDir, backup: config.backup, uploads })
  await app.register(authPlugin, {
    sessionCacheSeconds: config.sessionCacheSeconds,
    sessionIdleMinutes: config.sessionIdleMinutes,
  })

  // Routes.
  await app.register(metaRoutes, { prefix: '/api', uploads })
  await app.register(accountRoutes, {
    prefix: '/api/care/account',
    sessionTtlHours: config.sessionTtlHours,
    sessionIdleMinutes: config.sessionIdleMinutes,
    loginLimit: {
      max: config.loginRateMax,
      addressMax: config.loginRateAddressMax,
      windowMs: config.loginRateWindowMs,
    },
    oneTimePasswordHours: config.oneTimePasswordHours,
  })
  await app.register(customerRoutes, { prefix: '/api/care/customer' })
  await app.register(roomRoutes, { prefix: '/api/care/room' })
  await app.register(deskRoutes, { prefix: '/api/care/desk' })
  // /api/care/index: what the app's forms read and write, by concern.
  for (const routes of [formRecordRoutes, medicineRoutes, checkNoticeRoutes, siteListRoutes, stockListRoutes]) {
    await app.register(routes, { prefix: '/api/care/index' })
  }
  await app.register(productBatchRoutes, { prefix: '/api/care/inoutstore' })
  await app.register(outApplyRoutes, { prefix: '/api/care/outApply' })
  await app.register(specialCareRoutes, { prefix: '/api/care/specialCare' })
  await app.register(inboundRoutes, { prefix: '/api/care/inbound' })
  await app.register(mapRoutes, { prefix: '/api/care/map', tiles: config.mapTiles, geocode: config.mapGeocode })
  await app.register(pdfRoutes, { prefix: '/api', ...config.pdf, uploads, rateMax: config.pdfRateMax })
  await app.register(staffRoutes, { prefix: '/api/admin/staff', resetRateMax: config.resetPasswordRateMax })
  await app.register(siteRoutes, { prefix: '/api/admin/site' })
  // The centre's lists: the same routes for each kind.
  for (const kind of MASTER_KINDS) await app.register(masterDataRoutes, { prefix: `/api/admin/${kind}`, kind })
  const sheetLinks = { linkSecret: config.pdf.linkSecret, linkTtlSeconds: config.pdf.linkTtlSeconds }
  await app.register(sheetRoutes, {
    prefix: '/api',
    ...sheetLinks,
    maxRows: config.exportMaxRows,
    rateMax: config.pdfRateMax,
  })
  await app.register(importRoutes, {
    prefix: '/api/admin/import',
    ...sheetLinks,
    maxBytes: config.importMaxBytes,
    maxRows: config.importMaxRows,
    rateMax: config.importRateMax,
  })
  await app.register(uploadRoutes, {
    prefix: '/api/admin/oss',
    uploads,
    uploadMaxBytes: config.uploadMaxBytes,
    rateMax: config.uploadRateMax,
  })
  await app.register(staticPlugin, { uploads, h5Dir: config.h5Dir, linkSecret: config.uploadLinks.secret })

  if (config.uploadSweepHours > 0) sweepEvery(app, uploads, config.uploadSweepHours)
  const font = fontProblem(config.pdf.font)
  if (font) app.log.warn(font)
  if (config.uploadLinks.secretIsRandom) {
    app.log.warn(
      'UPLOAD_LINK_SECRET is not set: photo and signature links are signed with a secret of this process (they open on it alone, until it restarts)',
    )
  }
  if (config.pdf.linkSecretIsRandom) {
    app.log.warn(
      'PDF_LINK_SECRET is not set: PDF links are signed with a secret of this process (they open on it alone, until it restarts)',
    )
  }
  return app
}

/** Sweeps the uploads nobody needs a minute after start, then every `hours`; every instance may, twice is harmless. */
function sweepEvery(app: FastifyInstance, uploads: UploadStore, hours: number) {
  const sweep = () => {
    sweepUploads(app.db, uploads).then(
      (names) => {
        if (names.length) app.log.info({ deleted: names.length }, 'deleted the files no record needs any more')
      },
      (err: unknown) => app.log.error({ err }, 'could not delete the files no record needs any more'),
    )
  }
  const first = setTimeout(sweep, 60_000).unref()
  const every = setInterval(sweep, hours * 3_600_000).unref()
  app.addHook('onClose', async () => {
    clearTimeout(first)
    clearInterval(every)
  })
}
