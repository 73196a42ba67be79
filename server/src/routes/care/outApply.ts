import { actorOf } from '../../actor.js'
import { centreToday } from '../../lib/dates.js'
import { Saved } from '@yuezi/contract/api/common'
import { OutApply, OutApplyList, OutApplyListBody, OutApplySaveBody } from '@yuezi/contract/api/outApply'
import { outApply, pageWithMayApprove } from '../../services/orders/index.js'
import { formData, orderRoutes } from './orderRoutes.js'

/** Outbound orders: supplies for a department, gift packs for customers; approval takes stock out. */
const outApplyRoutes = orderRoutes({
  summaries: {
    info: "One outbound order of the site with its items (each with its batch and that batch's stock now)",
    del: 'Delete a pending outbound order (kept for audit, gone from lists)',
    check: 'Approve, reject or reverse an outbound order; answers the order with its new status',
  },
  OrderInfo: OutApply,
  index: (app) => {
    app.post(
      '/index',
      {
        schema: {
          summary: "The site's outbound orders, latest date first",
          description:
            "keyword: the number, requester, remark, department, gift type or a product's name, or the customer's name, " +
            'room or phone. date_from / date_to: apply_date, both included.',
          body: OutApplyListBody,
          response: { 200: OutApplyList },
        },
      },
      async (request, reply) => {
        const { page, limit, keyword, status, type, customer_id, department_id, date_from, date_to } = request.body
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
        }
        const orders = await outApply.list(app.db, actorOf(request), query, centreToday(request.session))
        return reply.ok(pageWithMayApprove(orders, request.session))
      },
    )
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
          body: OutApplySaveBody,
          response: { 200: Saved },
        },
      },
      async (request, reply) => {
        const { id, type, request_id, ...values } = request.body
        const input = {
          id,
          type,
          data: formData(values),
          requestId: request_id,
          staffName: request.session.name,
          isUpload: (url: string) => request.isOwnUpload(url),
        }
        const saved = await outApply.save(app.db, actorOf(request), input, centreToday(request.session))
        return reply.ok({ id: saved })
      },
    )
  },
  get: outApply.read,
  delete: outApply.delete,
  check: outApply.check,
})

export default outApplyRoutes
