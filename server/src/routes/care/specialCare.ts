import { actorOf } from '../../actor.js'
import { centreToday } from '../../lib/dates.js'
import { Saved } from '@yuezi/contract/api/common'
import { SpecialCare, SpecialCareList, SpecialCareListBody, SpecialCareSaveBody } from '@yuezi/contract/api/specialCare'
import { pageWithMayApprove, specialCare } from '../../services/orders/index.js'
import { formData, orderRoutes } from './orderRoutes.js'

/** Self-paid item orders of customers (自费物品消费表); approval takes stock out. */
const specialCareRoutes = orderRoutes({
  summaries: {
    info: "One self-paid order of the site with its items (each with its batch and that batch's stock now); a signed one is recorded in the access log as read",
    del: 'Delete a pending self-paid order (kept for audit, gone from lists)',
    check: 'Approve, reject or reverse a self-paid order; answers the order with its new status',
  },
  OrderInfo: SpecialCare,
  index: (app) => {
    app.post(
      '/index',
      {
        schema: {
          summary: "The site's self-paid item orders, latest date first",
          description:
            "keyword: the number, remark or a product's name, or the customer's name, room or phone. " +
            'date_from / date_to: consume_date, both included.',
          body: SpecialCareListBody,
          response: { 200: SpecialCareList },
        },
      },
      async (request, reply) => {
        const { page, limit, keyword, status, customer_id, date_from, date_to } = request.body
        const query = { page, limit, keyword, status, customerId: customer_id, dateFrom: date_from, dateTo: date_to }
        const orders = await specialCare.list(app.db, actorOf(request), query, centreToday(request.session))
        return reply.ok(pageWithMayApprove(orders, request.session))
      },
    )
  },
  save: (app) => {
    app.post(
      '/save',
      {
        schema: {
          summary: 'Create (or, with id, change a pending) self-paid order; validated with 自费物品消费表',
          description:
            "customer_id, room (default: the customer's), consume_date (default: today), items: [{product_id, " +
            "batch_id, quantity}] (a batch of the row's product, not expired, quantity ≤ its stock now), " +
            "remark, signature. Each item is priced at its product's price in the site's list now (a row's `price` " +
            'is ignored); subtotals and the total are computed by the server. A refused order answers -1 with ' +
            '`res: {errors: [{path, message}]}`.',
          body: SpecialCareSaveBody,
          response: { 200: Saved },
        },
      },
      async (request, reply) => {
        const { id, request_id, ...values } = request.body
        const input = {
          id,
          data: formData(values),
          requestId: request_id,
          isUpload: (url: string) => request.isOwnUpload(url),
        }
        const saved = await specialCare.save(app.db, actorOf(request), input, centreToday(request.session))
        return reply.ok({ id: saved })
      },
    )
  },
  get: specialCare.read,
  delete: specialCare.delete,
  check: specialCare.check,
})

export default specialCareRoutes
