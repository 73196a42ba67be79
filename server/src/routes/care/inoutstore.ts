import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { siteToday } from '../../lib/dates.js';
import { productBatches } from '../../repositories/stock.js';
import { Day, Envelope, Id, Nullable } from '../schemas.js';

/** The store: batches of a product. */
const inoutstoreRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/getProductBatch',
    {
      schema: {
        summary: "The batches of a product of the site that can be chosen: in stock, not expired, earliest expiry first",
        description: 'near_expiry: the batch expires within 30 days. Another site\'s product answers -2.',
        body: Type.Object({ product_id: Id }),
        response: {
          200: Envelope(
            Type.Array(
              Type.Object({
                id: Type.Integer(),
                product_id: Type.Integer(),
                batch_no: Type.String(),
                production_date: Nullable(Day),
                expiry_date: Day,
                quantity: Type.Integer(),
                near_expiry: Type.Boolean(),
              }),
            ),
          ),
        },
      },
    },
    async (request, reply) =>
      reply.ok(await productBatches(app.db, request.session.siteId, request.body.product_id, siteToday(request.session))),
  );
};

export default inoutstoreRoutes;
