import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { DeskToday, DeskTodayBody } from '@yuezi/contract/api/desk'
import { deskToday } from '../../services/desk.js'

/** The front desk's day at the caller's site. */
const deskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate)

  app.post(
    '/today',
    {
      schema: {
        summary: "Today's work at the site: arrivals, departures, visitors inside, rounds not done, orders waiting",
        description:
          "Counted on the centre's today: open stays checking in today and bookings past their date not yet in " +
          '(`late`), mothers in house whose planned leave date is today or past (`overdue`), mothers booked for a ' +
          "later day (`booked`), today's visits without a time out (and how many minutes the earliest has been inside), mothers " +
          'in house with no obstetric or paediatric round recorded today, and, for staff with the approve right, ' +
          'the pending orders of each list that she may approve (not her own unless the site allows it; else ' +
          'null). `list` adds the rows behind one count: `customers` by room (booked ones by their day), or `visits` ' +
          'the longest inside first.',
        body: DeskTodayBody,
        response: { 200: DeskToday },
      },
    },
    async (request, reply) => reply.ok(await deskToday(app.db, request.session, request.body.list)),
  )
}

export default deskRoutes
