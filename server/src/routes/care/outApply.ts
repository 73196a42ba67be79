import { Type } from '@fastify/type-provider-typebox';
import { siteToday } from '../../lib/dates.js';
import * as orders from '../../repositories/outApplies.js';
import { Day, Envelope, Id, Nullable, RequestId, Saved } from '../schemas.js';
import { FormValue, formData, Item, listFilters, orderFields, Status } from './orderSchemas.js';
import { actorOf, orderRoutes } from './orderRoutes.js';

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
const outApplyRoutes = orderRoutes({
  summaries: {
    info: "One outbound order of the site with its items (each with its batch and that batch's stock now)",
    del: 'Delete a pending outbound order (kept for audit, gone from lists)',
    check: 'Approve, reject or reverse an outbound order; answers the order with its new status',
  },
  Order,
  index: (app) => {
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
        return reply.ok(await orders.listOutApplies(app.db, request.session.siteId, query, siteToday(request.session)));
      },
    );
  },
  save: (app) => {
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
        data.apply_date ??= siteToday(request.session);
        if (type === 'general' && !(typeof data.requester === 'string' && data.requester.trim())) {
          data.requester = request.session.name;
        }
        const saved = await orders.saveOutApply(app.db, actorOf(request), { id, type, data, requestId: request_id }, siteToday(request.session));
        return reply.ok({ id: saved });
      },
    );
  },
  get: orders.getOutApply,
  delete: orders.deleteOutApply,
  check: orders.checkOutApply,
});

export default outApplyRoutes;
