import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Done, IdBody, Saved } from '@yuezi/contract/api/common'
import {
  AccessLog,
  AccessLogBody,
  CheckInBody,
  CustomerInfo,
  CustomerList,
  CustomerListBody,
  CustomerSaveBody,
  StayActionBody,
} from '@yuezi/contract/api/customers'
import { CustomerFileBody, CustomerFilePage } from '@yuezi/contract/api/customerFile'
import { actorOf } from '../../actor.js'
import { centreToday } from '../../lib/dates.js'
import { listAccessLog } from '../../services/accessLog.js'
import { KeptFiles } from '../../services/customerFile.js'
import {
  checkIn,
  checkOut,
  getCustomer,
  KeptCustomerLists,
  saveCustomer,
  undoCheckOut,
} from '../../services/customers.js'
import { WrittenJson } from '../../lib/writtenJson.js'

/** The site's customers, their babies and stays: admitting, changing, checking in and out; who opened her records. */
const customerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate)
  const files = new KeptFiles()
  const lists = new KeptCustomerLists()

  app.post(
    '/index',
    {
      schema: {
        summary: "The site's customers by room; keyword matches name, room or phone",
        description:
          'status: in_house (the default), arriving, left (her latest stay is over) or all. Each row has her ' +
          "current stay: the open one, else the latest; `day` is day N of it in the centre's time zone (the " +
          'check-in date is day 1) and `overdue` says she is in house past its leave date.',
        body: CustomerListBody,
        response: { 200: CustomerList },
      },
    },
    async (request, reply) => {
      const list = await lists.list(app.db, request.session.siteId, request.body, centreToday(request.session))
      return list instanceof WrittenJson ? reply.okJson(list) : reply.ok(list)
    },
  )

  app.post(
    '/info',
    {
      schema: {
        summary: 'One customer of the site with her details, her babies and her current stay',
        body: IdBody,
        response: { 200: CustomerInfo },
      },
    },
    async (request, reply) =>
      reply.ok(await getCustomer(app.db, request.session.siteId, request.body.id, centreToday(request.session))),
  )

  app.post(
    '/save',
    {
      schema: {
        summary: 'Admit a mother with her babies and stay, or (with id) change her details',
        description:
          "The fields are the admission form's (packages/contract/forms/definitions/admission.ts), checked by it: " +
          'a refused form answers -1 with `res.errors`. A phone or ID number held by another mother of the site ' +
          '(for a change: an ID number, or the phone of a mother in house) answers -9 with `res.duplicate` naming ' +
          'her; named by her ID number, she has the answer in her access log as a read by the caller. The room must be in service and hold no other open stay (-6 when taken), the package not retired. ' +
          "A check-in date after the centre's today books the room (arriving); otherwise she is in house. A " +
          'change that leaves out every stay field keeps her stay; one that sends them changes her open stay, ' +
          'or books a new one when she has none. Babies are matched to hers in the order customer/info lists ' +
          'them; none can be removed.',
        body: CustomerSaveBody,
        response: { 200: Saved },
      },
    },
    async (request, reply) => {
      const { id, request_id, ...data } = request.body
      const saved = await saveCustomer(app.db, actorOf(request), {
        id,
        data,
        requestId: request_id,
        today: centreToday(request.session),
      })
      return reply.ok({ id: saved })
    },
  )

  app.post(
    '/checkout',
    {
      schema: {
        summary: "Check a mother out: her open stay ends on the centre's today and her room is free",
        description: 'Records who checked her out. A mother with no open stay answers -6.',
        body: StayActionBody,
        response: { 200: Done },
      },
    },
    async (request, reply) => {
      await checkOut(app.db, actorOf(request), request.body.customer_id, centreToday(request.session))
      return reply.ok(null)
    },
  )

  app.post(
    '/checkin',
    {
      schema: {
        summary: 'A booked mother arrives: her stay is in house',
        description:
          'Records who checked her in. A mother with no booked stay answers -6. Before her booked date her ' +
          "check-in date becomes the centre's today, `leave` saying what becomes of her leave date (-1 without it).",
        body: CheckInBody,
        response: { 200: Done },
      },
    },
    async (request, reply) => {
      const { customer_id, leave } = request.body
      await checkIn(app.db, actorOf(request), customer_id, { today: centreToday(request.session), leave })
      return reply.ok(null)
    },
  )

  app.post(
    '/undoCheckout',
    {
      schema: {
        summary: "Undo her check-out of the centre's today: her last stay is in house again",
        description:
          'Audited. Only on the day she was checked out, while she has no open stay and her room is still free (else -6).',
        body: StayActionBody,
        response: { 200: Done },
      },
    },
    async (request, reply) => {
      await undoCheckOut(app.db, actorOf(request), request.body.customer_id, centreToday(request.session))
      return reply.ok(null)
    },
  )

  app.post(
    '/timeline',
    {
      schema: {
        summary: 'Her file: her stay, babies, what she owes, and everything recorded about her, newest first',
        description:
          'A page of her form records (visits, family meals and rounds included), check-in rules signed, self-paid ' +
          "and gift orders, each with the page that opens it; `file` is her file's head: her current stay, her " +
          "babies' age in days with the last readings of the paediatric rounds, allergies and diet, and what she " +
          'owes for self-paid items and family meals from her check-in to the day she left (or today). ' +
          "Another site's customer answers -2. The read is written to her access log.",
        body: CustomerFileBody,
        response: { 200: CustomerFilePage },
      },
    },
    async (request, reply) => {
      const { customer_id, page, limit } = request.body
      return reply.okJson(
        await files.read(
          app.db,
          actorOf(request),
          { customerId: customer_id, page, limit },
          centreToday(request.session),
        ),
      )
    },
  )

  app.post(
    '/accessLog',
    {
      schema: {
        summary: 'Who opened the records of a customer of the site that hold her ID number, photos or signatures',
        description:
          'Newest first: each reply that handed such a record out (read), each PDF link asked for or opened ' +
          '(pdf), each spreadsheet link opened that held it (export), and each answer of an admission that named ' +
          'her as the holder of its ID number (read, 身份证号查重). Only for staff with the administration right ' +
          "on the site (else -5); another site's customer is -2.",
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
