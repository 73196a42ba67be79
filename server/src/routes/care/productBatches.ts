import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply } from 'fastify'
import { centreToday, type CentreZone } from '../../lib/dates.js'
import {
  BatchMovements,
  BatchMovementsBody,
  ProductBatchBody,
  ProductBatchList,
  StockBatches,
  StockList,
  StockListBody,
} from '@yuezi/contract/api/stock'
import { movementsOf, productBatches, stockBatchesOf, stockLevels } from '../../services/stock.js'

/** The store: batches of a product to choose from; the stock page's quantities, batches and movements. */
const productBatchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate)

  /** A handler answering what `read` finds of the body's product on the centre's today. */
  const productBatchesBy =
    <T>(read: (db: typeof app.db, siteId: number, productId: number, today: string) => Promise<T>) =>
    async (request: { session: CentreZone & { siteId: number }; body: { product_id: number } }, reply: FastifyReply) =>
      reply.ok(await read(app.db, request.session.siteId, request.body.product_id, centreToday(request.session)))

  app.post(
    '/getProductBatch',
    {
      schema: {
        summary:
          'The batches of a product of the site that can be chosen: in stock, not expired, earliest expiry first',
        description: "near_expiry: the batch expires within 30 days. Another site's product answers -2.",
        body: ProductBatchBody,
        response: { 200: ProductBatchList },
      },
    },
    productBatchesBy(productBatches),
  )

  app.post(
    '/stock',
    {
      schema: {
        summary: "The site's products with what their batches hold, in catalogue order",
        description:
          "keyword: a product's name, specification or category. on_hand counts every batch; expired and " +
          'near_expiry (within 30 days) are the parts of it in such batches.',
        body: StockListBody,
        response: { 200: StockList },
      },
    },
    async (request, reply) => {
      const { page, limit, keyword } = request.body
      const today = centreToday(request.session)
      return reply.ok(await stockLevels(app.db, request.session.siteId, { page, limit, keyword }, today))
    },
  )

  app.post(
    '/stockBatches',
    {
      schema: {
        summary: 'Every batch of a product of the site, in stock or not, earliest expiry first',
        description:
          "near_expiry: expires within 30 days; expired: past its expiry date. Another site's product answers -2.",
        body: ProductBatchBody,
        response: { 200: StockBatches },
      },
    },
    productBatchesBy(stockBatchesOf),
  )

  app.post(
    '/batchMovements',
    {
      schema: {
        summary: "A batch's movements in and out, latest first, each with the order behind it",
        description:
          'order_kind: out_apply, special_care, inbound or another kind; order_no and order_date for the kinds ' +
          "this server numbers. Another site's batch answers -2.",
        body: BatchMovementsBody,
        response: { 200: BatchMovements },
      },
    },
    async (request, reply) => {
      const { batch_id, page, limit } = request.body
      return reply.ok(await movementsOf(app.db, request.session.siteId, batch_id, { page, limit }))
    },
  )
}

export default productBatchRoutes
