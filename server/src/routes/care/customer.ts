import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { IdBody } from '@yuezi/contract/api/common'
import { AccessLog, AccessLogBody, CustomerInfo, CustomerList, CustomerListBody } from '@yuezi/contract/api/customers'
import { listAccessLog } from '../../services/accessLog.js'
import { getCustomer, listCustomers } from '../../services/customers.js'

/** The site's customers and their babies, and who opened her records. */
const customerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate)

  app.post(
    '/index',
    {
      schema: {
        summary: "The site's customers by room; keyword matches name, room or phone",
        body: CustomerListBody,
        response: { 200: CustomerList },
      },
    },
    async (request, reply) => reply.ok(await listCustomers(app.db, request.session.siteId, request.body)),
  )

  app.post(
    '/info',
    {
      schema: {
        summary: 'One customer of the site with her babies',
        body: IdBody,
        response: { 200: CustomerInfo },
      },
    },
    async (request, reply) => reply.ok(await getCustomer(app.db, request.session.siteId, request.body.id)),
  )

  app.post(
    '/accessLog',
    {
      schema: {
        summary: 'Who opened the records of a customer of the site that hold her ID number, photos or signatures',
        description:
          'Newest first: each reply that handed such a record out (read) and each PDF link asked for or opened ' +
          "(pdf). Only for staff with the approve right on the site (else -5); another site's customer is -2.",
        body: AccessLogBody,
        response: { 200: AccessLog },
      },
    },
    async (request, reply) => {
      const { customer_id, page, limit } = request.body
      return reply.ok(await listAccessLog(app.db, request.session, { customerId: customer_id, page, limit }))
    },
  )
}

export default customerRoutes
