import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { IdBody } from '@yuezi/contract/api/common'
import { CustomerInfo, CustomerList, CustomerListBody } from '@yuezi/contract/api/customers'
import { getCustomer, listCustomers } from '../../services/customers.js'

/** The site's customers and their babies. */
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
}

export default customerRoutes
