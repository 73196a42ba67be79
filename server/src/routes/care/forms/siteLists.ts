import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { NoBody } from '@yuezi/contract/api/common'
import { DepartmentList, FloorList, GiftTypeList, StayPackageList } from '@yuezi/contract/api/siteLists'
import { listDepartments, listFloors, listStayPackages } from '../../../services/siteOptions.js'
import { listGiftTypes } from '../../../services/stock.js'

/** The site's lists that forms choose from: rooms by floor, departments, gift types, stay packages. */
const siteListRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate)

  app.post(
    '/floorList',
    {
      schema: {
        summary: "The site's rooms by floor, each with the customer in it (or null)",
        body: NoBody,
        response: { 200: FloorList },
      },
    },
    async (request, reply) => reply.ok(await listFloors(app.db, request.session.siteId)),
  )

  app.post(
    '/departmentList',
    {
      schema: {
        summary: "The site's departments",
        body: NoBody,
        response: { 200: DepartmentList },
      },
    },
    async (request, reply) => reply.ok(await listDepartments(app.db, request.session.siteId)),
  )

  app.post(
    '/giftTypeList',
    {
      schema: {
        summary:
          "The site's gift types; package_id names the package (productPackageList) whose products a gift pack holds",
        body: NoBody,
        response: { 200: GiftTypeList },
      },
    },
    async (request, reply) => reply.ok(await listGiftTypes(app.db, request.session.siteId)),
  )

  app.post(
    '/stayPackageList',
    {
      schema: {
        summary: "The site's stay packages (套餐): days, price and what each includes",
        body: NoBody,
        response: { 200: StayPackageList },
      },
    },
    async (request, reply) => reply.ok(await listStayPackages(app.db, request.session.siteId)),
  )
}

export default siteListRoutes
