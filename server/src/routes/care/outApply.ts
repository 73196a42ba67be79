import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError, Code } from '../../errors.js';
import { shanghaiToday } from '../../lib/dates.js';
import * as orders from '../../repositories/outApplies.js';
import { Day, Envelope, Id, Nullable, RequestId, Saved } from '../schemas.js';
import { CheckBody, checkDescription, FormValue, formData, Item, listFilters, orderFields, Status } from './orderSchemas.js';

const OrderType = Type.Union(
  [Type.Literal('general'), Type.Literal('gift')],
  { description: 'general: for a department (出库单); gift: a gift pack for a customer (入住礼包出库)' },
);

const rowFields = {
  id: Type.Integer(),
  no: Type.String({ description: 'e.g. CK20261122-00042 (general) or LB20261122-00043 (gift)' }),
  type: OrderType,
  status: Status,
  department_id: Nullable(Type.Integer()),
  department_name: Nullable(Type.String()),
  customer_id: Nullable(Type.Integer()),
  customer_name: Nullable(Type.String()),
  room: Nullable(Type.String({ description: "The customer's room" })),
  gift_type_id: Nullable(Type.Integer()),
  gift_type_name: Nullable(Type.String()),
  requester: Type.String(),
  apply_date: Day,
  remark: Type.String(),
  ...orderFields,
};
const Row = Type.Object(rowFields);
const Order = Type.Object({ ...rowFields, items: Type.Array(Item) });

/** Outbound orders: supplies for a department, gift packs for customers; approval takes stock out. */
const outApplyRoutes: FastifyPluginAsyncTypebox = async (app) => {
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
        summary: "The site's outbound orders, latest date first",
        description:
          "keyword: the number, requester, remark, department, gift type or a product's name, or the customer's name, " +
          'room or phone. date_from / date_to: apply_date, both included.',
        body: Type.Object({ ...listFilters, type: Type.Optional(OrderType), department_id: Type.Optional(Id) }),
        response: { 200: Envelope(Type.Object({ list: Type.Array(Row), total: Type.Integer() })) },
      },
    },
    async (request, reply) => {
      const { page, limit, keyword, status, type, customer_id, department_id, date_from, date_to } = request.body;
      const query = {
        page,
        limit,
        keyword,
        status,
        type,
        customerId: customer_id,
        departmentId: department_id,
        dateFrom: date_from,
        dateTo: date_to,
      };
      return reply.ok(await orders.listOutApplies(app.db, request.session.siteId, query, shanghaiToday()));
    },
  );

  app.post(
    '/info',
    {
      schema: {
        summary: 'One outbound order of the site with its items (each with its batch and that batch\'s stock now)',
        body: Type.Object({ id: Id }),
        response: { 200: Envelope(Order) },
      },
    },
    async (request, reply) => {
      const order = await orders.getOutApply(app.db, request.session.siteId, request.body.id, shanghaiToday());
      if (!order) throw notFound();
      return reply.ok(order);
    },
  );

  app.post(
    '/save',
    {
      schema: {
        summary: 'Create (or, with id, change a pending) outbound order; validated with the form of its type',
        description:
          'general: department_id, requester (default: the staff member), apply_date (default: today), items, remark. ' +
          'gift: customer_id, gift_type_id, apply_date, items, remark. items: [{product_id, batch_id, quantity}], a ' +
          "batch of the row's product, not expired, quantity ≤ its stock now. A refused order answers -1 with " +
          '`res: {errors: [{path, message}]}`. The type of an order cannot change.',
        body: Type.Object({
          id: Type.Optional(Id),
          type: OrderType,
          department_id: FormValue,
          customer_id: FormValue,
          gift_type_id: FormValue,
          requester: FormValue,
          apply_date: FormValue,
          items: FormValue,
          remark: FormValue,
          request_id: Type.Optional(RequestId),
        }),
        response: { 200: Saved },
      },
    },
    async (request, reply) => {
      const { id, type, request_id, ...values } = request.body;
      const data = formData(values);
      data.apply_date ??= shanghaiToday();
      if (type === 'general' && !(typeof data.requester === 'string' && data.requester.trim())) {
        data.requester = request.session.name;
      }
      const saved = await orders.saveOutApply(app.db, actor(request), { id, type, data, requestId: request_id }, shanghaiToday());
      return reply.ok({ id: saved });
    },
  );

  app.post(
    '/del',
    {
      schema: {
        summary: 'Delete a pending outbound order (kept for audit, gone from lists)',
        body: Type.Object({ id: Id }),
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request, reply) => {
      await orders.deleteOutApply(app.db, actor(request), request.body.id);
      return reply.ok(null);
    },
  );

  app.post(
    '/check',
    {
      schema: {
        summary: 'Approve, reject or reverse an outbound order; answers the order with its new status',
        description: checkDescription,
        body: CheckBody,
        response: { 200: Envelope(Order) },
      },
    },
    async (request, reply) => reply.ok(await orders.checkOutApply(app.db, actor(request), request.body, shanghaiToday())),
  );
};

export default outApplyRoutes;
