import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { actorOf } from '../actor.js'
import { AppError, Code } from '../errors.js'
import { contentDisposition } from '../lib/fileName.js'
import { serverTranslator, type Lang } from '../plugins/i18n.js'
import { IdBody } from '@yuezi/contract/api/common'
import { BillPdfBody, FormRecordPdfBody, PdfFile, PdfLink, PdfRefused, PdfToken } from '@yuezi/contract/api/pdf'
import {
  createPdfLink,
  logPdfOpen,
  pdfCache,
  pdfOfLink,
  readPdfLink,
  type OpenedPdf,
  type PdfKind,
  type PdfSettings,
} from '../services/pdf/index.js'

// Printing and sharing: a link to a saved record or order as a PDF (asked for with a session, like
// every read of the site's records), and the PDF the link opens with no headers at all.

const linkDescription =
  'Answers `{url, name}`: url `/api/pdf/<token>` (prefix the API base) opens the PDF without headers until it ' +
  'expires (PDF_LINK_TTL_SECONDS, default 300); name is the file name in the language of the `lang` header. ' +
  'A record holding an ID number, a photo or a signature is recorded in the access log, for the link and for ' +
  'each open of it, under the staff member who asked.'

interface PdfRoutesOptions extends PdfSettings {
  /** Opens of links per client address and minute (PDF_RATE_MAX). */
  rateMax: number
}

const pdfRoutes: FastifyPluginAsyncTypebox<PdfRoutesOptions> = async (app, { rateMax, ...settings }) => {
  const rendered = pdfCache<OpenedPdf>()
  const site = (request: { session: { siteId: number; siteName: string; timeZone: string } }) => ({
    id: request.session.siteId,
    name: request.session.siteName,
    timeZone: request.session.timeZone,
  })

  app.post(
    '/care/index/formRecordPdf',
    {
      onRequest: app.authenticate,
      schema: {
        summary: 'A form record (id) or a check-in rules acknowledgement (answer_id) of the site as a PDF',
        description: linkDescription,
        body: FormRecordPdfBody,
        response: { 200: PdfLink },
      },
    },
    async (request, reply) => {
      const { id, answer_id } = request.body
      if ((id === undefined) === (answer_id === undefined)) throw new AppError(Code.INVALID_INPUT, 'pdf.recordOrAnswer')
      const kind: PdfKind = id === undefined ? 'answer' : 'record'
      const link = await createPdfLink(app.db, settings, site(request), actorOf(request), {
        kind,
        id: (id ?? answer_id)!,
        lang: request.lang,
      })
      return reply.ok(link)
    },
  )

  app.post(
    '/care/customer/billPdf',
    {
      onRequest: app.authenticate,
      schema: {
        summary: "A customer's bill for her stay as a PDF: her self-paid items and family meals, what she owes",
        description:
          'The rows and sums of what customer/timeline answers as `owed`, with her name, room and stay dates. ' +
          "Another site's customer answers -2. Each link and each open of it is in her access log (customer, " +
          '费用清单, pdf) and in her timeline. ' +
          linkDescription,
        body: BillPdfBody,
        response: { 200: PdfLink },
      },
    },
    async (request, reply) =>
      reply.ok(
        await createPdfLink(app.db, settings, site(request), actorOf(request), {
          kind: 'bill',
          id: request.body.customer_id,
          lang: request.lang,
        }),
      ),
  )

  // The summaries are written out whole, so that a search finds them.
  for (const [path, kind, summary] of [
    ['/care/outApply/pdf', 'outApply', 'An outbound or gift-pack order of the site as a PDF'],
    ['/care/specialCare/pdf', 'specialCare', 'A self-paid order of the site as a PDF'],
    ['/care/inbound/pdf', 'inbound', 'An inbound order of the site as a PDF'],
  ] as const) {
    app.post(
      path,
      {
        onRequest: app.authenticate,
        schema: { summary, description: linkDescription, body: IdBody, response: { 200: PdfLink } },
      },
      async (request, reply) =>
        reply.ok(
          await createPdfLink(app.db, settings, site(request), actorOf(request), {
            kind,
            id: request.body.id,
            lang: request.lang,
          }),
        ),
    )
  }

  app.get(
    '/pdf/:token',
    {
      // A browser's PDF viewer (the H5 app opens the link in a tab) does not run under the app's policy.
      config: {
        securityHeaders: { contentSecurityPolicy: false, crossOriginResourcePolicy: { policy: 'cross-origin' } },
        // Per client address, counted before the link is read: refused links count too.
        rateLimit: {
          max: rateMax,
          timeWindow: 60_000,
          errorResponseBuilder: (_request, context) =>
            new AppError(Code.TOO_MANY_ATTEMPTS, 'pdf.tooManyOpens', {}, 429, {
              retry_after: Math.ceil(context.ttl / 1000),
            }),
        },
      },
      schema: {
        summary: 'The PDF a link opens (no headers needed)',
        description:
          "A link that was altered or has expired answers HTTP 403 `{code: -5, msg}` in the link's language; so " +
          'does one whose staff member has since been disabled or taken out of the site. ' +
          'A link opened again answers the PDF made the first time. Past PDF_RATE_MAX opens a minute from one ' +
          'address, HTTP 429 `{code: -3, msg, res: {retry_after}}` (seconds).',
        params: PdfToken,
        security: [],
        response: { 200: PdfFile, 403: PdfRefused },
      },
    },
    async (request, reply) => {
      const check = readPdfLink(settings.linkSecret, request.params.token)
      const refuse = (reason: 'invalid' | 'expired' | 'account', lang: Lang) => {
        const msg = serverTranslator(lang)(reason === 'expired' ? 'pdf.linkExpired' : 'pdf.linkInvalid')
        request.log.info({ reason }, 'pdf link refused')
        return reply.code(403).send({ code: Code.FORBIDDEN, msg, res: null })
      }
      if (!check.ok) return refuse(check.reason, check.lang)
      // Before the kept PDF: a link opened again is refused once its staff member is gone.
      if (!(await app.linkHolderMay(check.link))) return refuse('account', check.link.lang)
      const pdf = await rendered.of(request.params.token, check.link.expires * 1000, () =>
        pdfOfLink(app.db, settings, check.link),
      )
      await logPdfOpen(app.db, check.link, pdf, request.id)
      const { bytes, name } = pdf
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition('inline', name))
        .header('cache-control', 'private, no-store')
        .send(bytes)
    },
  )
}

export default pdfRoutes
