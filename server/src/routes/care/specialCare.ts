import { Type } from '@fastify/type-provider-typebox';
import { siteToday } from '../../lib/dates.js';
import * as orders from '../../repositories/specialCares.js';
import { Day, Envelope, Id, Nullable, RequestId, Saved } from '../schemas.js';
import { FormValue, formData, Item, listFilters, orderFields, Status } from './orderSchemas.js';
import { actorOf, orderRoutes } from './orderRoutes.js';

const rowFields = {
  id: Type.Integer(),
  no: Type.String({ description: 'e.g. ZF20261122-00042' }),
  status: Status,
  customer_id: Type.Integer(),
  customer_name: Type.String(),
  room: Type.String(),
  consume_date: Day,
  remark: Type.String(),
  signature: Nullable(Type.String({ description: "The customer's signature (an upload's URL)" })),
  ...orderFields,
};
const Row = Type.Object(rowFields);
const Order = Type.Object({ ...rowFields, items: Type.Array(Item) });

/** Self-paid item orders of customers (自费物品消费表); approval takes stock out. */
const specialCareRoutes = orderRoutes({
  summaries: {
    info: "One self-paid order of the site with its items (each with its batch and that batch's stock now)",
    del: 'Delete a pending self-paid order (kept for audit, gone from lists)',
    check: 'Approve, reject or reverse a self-paid order; answers the order with its new status',
  },
  Order,
  index: (app) => {
    app.post(
      '/index',
      {
        schema: {
          summary: "The site's self-paid item orders, latest date first",
          description:
            "keyword: the number, remark or a product's name, or the customer's name, room or phone. " +
            'date_from / date_to: consume_date, both included.',
          body: Type.Object(listFilters),
          response: { 200: Envelope(Type.Object({ list: Type.Array(Row), total: Type.Integer() })) },
        },
      },
      async (request, reply) => {
        const { page, limit, keyword, status, customer_id, date_from, date_to } = request.body;
        const query = { page, limit, keyword, status, customerId: customer_id, dateFrom: date_from, dateTo: date_to };
        return reply.ok(await orders.listSpecialCares(app.db, request.session.siteId, query, siteToday(request.session)));
      },
    );
  },
  save: (app) => {
    app.post(
      '/save',
      {
        schema: {
          summary: 'Create (or, with id, change a pending) self-paid order; validated with 自费物品消费表',
          description:
            "customer_id, room (default: the customer's), consume_date (default: today), items: [{product_id, " +
            "batch_id, quantity, price}] (a batch of the row's product, not expired, quantity ≤ its stock now), " +
            'remark, signature. Subtotals and the total are computed by the server. A refused order answers -1 with ' +
            '`res: {errors: [{path, message}]}`.',
          body: Type.Object({
            id: Type.Optional(Id),
            customer_id: FormValue,
            room: FormValue,
            consume_date: FormValue,
            items: FormValue,
            remark: FormValue,
            signature: FormValue,
            request_id: Type.Optional(RequestId),
          }),
          response: { 200: Saved },
        },
      },
      async (request, reply) => {
        const { id, request_id, ...values } = request.body;
        const data = formData(values);
        data.consume_date ??= siteToday(request.session);
        const saved = await orders.saveSpecialCare(app.db, actorOf(request), { id, data, requestId: request_id }, siteToday(request.session));
        return reply.ok({ id: saved });
      },
    );
  },
  get: orders.getSpecialCare,
  delete: orders.deleteSpecialCare,
  check: orders.checkSpecialCare,
});

export default specialCareRoutes;
