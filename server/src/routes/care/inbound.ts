import { actorOf } from '../../actor.js'
import { centreToday } from '../../lib/dates.js'
import { Saved } from '@yuezi/contract/api/common'
import { Inbound, InboundList, InboundListBody, InboundSaveBody } from '@yuezi/contract/api/inbound'
import { inbound, pageWithMayApprove } from '../../services/orders/index.js'
import { formData, orderRoutes } from './orderRoutes.js'

/** Inbound orders (入库单): goods received from a supplier; approval puts them into their batches. */
const inboundRoutes = orderRoutes({
  summaries: {
    info: 'One inbound order of the site with its items (each with its batch and its stock now, once approved)',
    del: 'Delete a pending inbound order (kept for audit, gone from lists)',
    check:
      'Approve, reject or reverse an inbound order: approval makes or tops up the batches, reversal takes the ' +
      'quantities back out; answers the order with its new status',
  },
  OrderInfo: Inbound,
  index: (app) => {
    app.post(
      '/index',
      {
        schema: {
          summary: "The site's inbound orders, latest date first",
          description:
            "keyword: the number, supplier, remark, a product's name or a batch number. " +
            'date_from / date_to: inbound_date, both included.',
          body: InboundListBody,
          response: { 200: InboundList },
        },
      },
      async (request, reply) => {
        const { page, limit, keyword, status, date_from, date_to } = request.body
        const query = { page, limit, keyword, status, dateFrom: date_from, dateTo: date_to }
        const orders = await inbound.list(app.db, actorOf(request), query, centreToday(request.session))
        return reply.ok(pageWithMayApprove(orders, request.session))
      },
    )
  },
  save: (app) => {
    app.post(
      '/save',
      {
        schema: {
          summary: 'Create (or, with id, change a pending) inbound order; validated with 入库单',
          description:
            'supplier, inbound_date (default: today), items: [{product_id, batch_no, production_date?, expiry_date, ' +
            "quantity, unit_cost}], remark. A product of the site; an expiry date not before the centre's today; a " +
            'production date not after today nor after the expiry date; a batch number the product already has ' +
            'keeps its expiry date. A refused order answers -1 with `res: {errors: [{path, message}]}`.',
          body: InboundSaveBody,
          response: { 200: Saved },
        },
      },
      async (request, reply) => {
        const { id, request_id, ...values } = request.body
        const input = { id, data: formData(values), requestId: request_id }
        const saved = await inbound.save(app.db, actorOf(request), input, centreToday(request.session))
        return reply.ok({ id: saved })
      },
    )
  },
  get: inbound.read,
  delete: inbound.delete,
  check: inbound.check,
})

export default inboundRoutes
