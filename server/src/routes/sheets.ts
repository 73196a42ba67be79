import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { actorOf } from '../actor.js'
import { AppError, Code } from '../errors.js'
import { contentDisposition } from '../lib/fileName.js'
import { serverTranslator, type Lang } from '../plugins/i18n.js'
import { NoBody } from '@yuezi/contract/api/common'
import { PdfRefused } from '@yuezi/contract/api/pdf'
import {
  AnswerExportBody,
  FormRecordExportBody,
  InboundExportBody,
  OutApplyExportBody,
  SheetFile,
  SheetLink,
  SheetToken,
  SpecialCareExportBody,
  StockExportBody,
} from '@yuezi/contract/api/sheets'
import {
  IMPORT_SPECS,
  SHEET_RIGHT,
  XLSX_MIME,
  createExportLink,
  exportOfLink,
  readSheetLink,
  templateOf,
  type ExportKind,
  type ExportSettings,
  type ImportKind,
} from '../services/sheets/index.js'

// A list as a spreadsheet: a link asked for with a session (with the list's filters), and the
// .xlsx the link downloads with no headers at all (an import's template too).

const linkDescription =
  'Answers `{url, name}`: url `/api/sheet/<token>` (prefix the API base) downloads the .xlsx without headers ' +
  'until it expires (PDF_LINK_TTL_SECONDS); name is the file name in the language of the `lang` header. ' +
  'Every page of the list with these filters, at most EXPORT_MAX_ROWS records (more: code -1 with the count). ' +
  'The records holding an ID number, a photo or a signature are recorded in the access log (action export) ' +
  'when the link is opened, under the staff member who asked.'

interface SheetRoutesOptions extends ExportSettings {
  /** Opens of links per client address and minute (PDF_RATE_MAX). */
  rateMax: number
}

const sheetRoutes: FastifyPluginAsyncTypebox<SheetRoutesOptions> = async (app, { rateMax, ...settings }) => {
  const site = (request: { session: { siteId: number; siteName: string; timeZone: string } }) => ({
    id: request.session.siteId,
    name: request.session.siteName,
    timeZone: request.session.timeZone,
  })

  // The summaries are written out whole, so that a search finds them.
  for (const [path, kind, body, summary] of [
    ['/care/index/formRecordExport', 'records', FormRecordExportBody, "The site's records of the named forms as .xlsx"],
    [
      '/care/index/answerExport',
      'answers',
      AnswerExportBody,
      "The site's acknowledgements of the check-in rules as .xlsx",
    ],
    ['/care/outApply/export', 'outApply', OutApplyExportBody, "The site's outbound or gift-pack orders as .xlsx"],
    ['/care/specialCare/export', 'specialCare', SpecialCareExportBody, "The site's self-paid orders as .xlsx"],
    ['/care/inbound/export', 'inbound', InboundExportBody, "The site's inbound orders as .xlsx"],
    [
      '/care/inoutstore/stockExport',
      'stock',
      StockExportBody,
      "The site's stock as .xlsx: a sheet of each product's quantities, a sheet of the batches holding them",
    ],
  ] as const) {
    app.post(
      path,
      {
        onRequest: app.authenticate,
        schema: { summary, description: linkDescription, body, response: { 200: SheetLink } },
      },
      async (request, reply) =>
        reply.ok(
          await createExportLink(app.db, settings, site(request), actorOf(request), {
            kind: kind as ExportKind,
            query: request.body as Record<string, unknown>,
            lang: request.lang,
          }),
        ),
    )
  }

  app.post(
    '/care/customer/export',
    {
      onRequest: [app.authenticate, app.administer],
      schema: {
        summary: "The site's mothers in house or booked, with their babies and stays, as .xlsx",
        description:
          'Only with the administration right on the site (else code -5). The columns of the mothers import ' +
          "(在住客户): a row per baby, the mother's and her stay's columns on each, so that the file imports " +
          'again. Answers `{url, name}` as the list exports do; each mother whose ID number it holds is ' +
          'recorded in the access log (kind customer, action export) when the link is opened.',
        body: NoBody,
        response: { 200: SheetLink },
      },
    },
    async (request, reply) =>
      reply.ok(
        await createExportLink(app.db, settings, site(request), actorOf(request), {
          kind: 'mothers',
          query: {},
          lang: request.lang,
        }),
      ),
  )

  app.get(
    '/sheet/:token',
    {
      config: {
        // Per client address, counted before the link is read: refused links count too.
        rateLimit: {
          max: rateMax,
          timeWindow: 60_000,
          errorResponseBuilder: (_request, context) =>
            new AppError(Code.TOO_MANY_ATTEMPTS, 'sheet.tooManyOpens', {}, 429, {
              retry_after: Math.ceil(context.ttl / 1000),
            }),
        },
      },
      schema: {
        summary: 'The spreadsheet a link downloads (no headers needed)',
        description:
          "A link that was altered or has expired answers HTTP 403 `{code: -5, msg}` in the link's language; so " +
          'does one whose staff member has since been disabled, taken out of the site, or (the mothers export, an ' +
          'import template) lost the administration right there. Past PDF_RATE_MAX opens a minute from one ' +
          'address, HTTP 429 `{code: -3, msg, res: {retry_after}}`.',
        params: SheetToken,
        security: [],
        response: { 200: SheetFile, 403: PdfRefused },
      },
    },
    async (request, reply) => {
      const check = readSheetLink(settings.linkSecret, request.params.token)
      const refuse = (reason: 'invalid' | 'expired' | 'account', lang: Lang) => {
        const msg = serverTranslator(lang)(reason === 'expired' ? 'sheet.linkExpired' : 'sheet.linkInvalid')
        request.log.info({ reason }, 'sheet link refused')
        return reply.code(403).send({ code: Code.FORBIDDEN, msg, res: null })
      }
      if (!check.ok) return refuse(check.reason, check.lang)
      const { link } = check
      if (!(await app.linkHolderMay(link, SHEET_RIGHT[link.kind]))) return refuse('account', link.lang)
      const file =
        link.kind === 'template'
          ? await templateOf(IMPORT_SPECS[link.query.kind as ImportKind], link.lang)
          : await exportOfLink(app.db, settings, { ...link, kind: link.kind }, request.id)
      return reply
        .type(XLSX_MIME)
        .header('content-disposition', contentDisposition('attachment', file.name))
        .header('cache-control', 'private, no-store')
        .send(file.bytes)
    },
  )
}

export default sheetRoutes
