import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError, Code } from '../../errors.js';
import { shanghaiToday } from '../../lib/dates.js';
import * as orders from '../../repositories/specialCares.js';
import { Day, Envelope, Id, Nullable, RequestId, Saved } from '../schemas.js';
import { CheckBody, checkDescription, FormValue, formData, Item, listFilters, orderFields, Status } from './orderSchemas.js';

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
const specialCareRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const actor = (request: { session: { siteId: number; accountId: number } }) => ({
    siteId: request.session.siteId,
    accountId: request.session.accountId,
  });
  const notFound = () => new AppError(Code.NOT_FOUND, 'order.notFound');

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
      return reply.ok(await orders.listSpecialCares(app.db, request.session.siteId, query, shanghaiToday()));
    },
  );

  app.post(
    '/info',
    {
      schema: {
        summary: "One self-paid order of the site with its items (each with its batch and that batch's stock now)",
        body: Type.Object({ id: Id }),
        response: { 200: Envelope(Order) },
      },
    },
    async (request, reply) => {
      const order = await orders.getSpecialCare(app.db, request.session.siteId, request.body.id, shanghaiToday());
      if (!order) throw notFound();
      return reply.ok(order);
    },
  );

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
      data.consume_date ??= shanghaiToday();
      const saved = await orders.saveSpecialCare(app.db, actor(request), { id, data, requestId: request_id }, shanghaiToday());
      return reply.ok({ id: saved });
    },
  );

  app.post(
    '/del',
    {
      schema: {
        summary: 'Delete a pending self-paid order (kept for audit, gone from lists)',
        body: Type.Object({ id: Id }),
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request, reply) => {
      await orders.deleteSpecialCare(app.db, actor(request), request.body.id);
      return reply.ok(null);
    },
  );

  app.post(
    '/check',
    {
      schema: {
        summary: 'Approve, reject or reverse a self-paid order; answers the order with its new status',
        description: checkDescription,
        body: CheckBody,
        response: { 200: Envelope(Order) },
      },
    },
    async (request, reply) => reply.ok(await orders.checkSpecialCare(app.db, actor(request), request.body, shanghaiToday())),
  );
};

export default specialCareRoutes;
