import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { centreToday } from '../../lib/dates.js'
import { ProductBatchBody, ProductBatchList } from '@yuezi/contract/api/stock'
import { productBatches } from '../../services/stock.js'

/** The store: batches of a product. */
const productBatchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate)

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
    async (request, reply) =>
      reply.ok(
        await productBatches(app.db, request.session.siteId, request.body.product_id, centreToday(request.session)),
      ),
  )
}

export default productBatchRoutes
