import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { centreToday } from '../../../lib/dates.js'
import { NoBody } from '@yuezi/contract/api/common'
import { ProductList, ProductListBody, ProductPackageList } from '@yuezi/contract/api/stock'
import { listPackages, listProducts } from '../../../services/stock.js'

/** The site's products and product packages, that stock forms choose from. */
const stockListRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate)

  app.post(
    '/productList',
    {
      schema: {
        summary: "The site's products, each with its stock (the quantity of its unexpired batches)",
        description: 'keyword: the name, spec or category; category: exactly. Retired products are left out.',
        body: ProductListBody,
        response: { 200: ProductList },
      },
    },
    async (request, reply) => {
      const { keyword, category, self_paid: selfPaid, page, limit } = request.body
      const query = { keyword, category, selfPaid, page, limit }
      return reply.ok(await listProducts(app.db, request.session.siteId, query, centreToday(request.session)))
    },
  )

  app.post(
    '/productPackageList',
    {
      schema: {
        summary: "The site's product packages (a gift type's package_id), each with its products and quantities",
        body: NoBody,
        response: { 200: ProductPackageList },
      },
    },
    async (request, reply) => reply.ok(await listPackages(app.db, request.session.siteId)),
  )
}

export default stockListRoutes
