import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { NoBody } from '@yuezi/contract/api/common'
import { RoomBoard } from '@yuezi/contract/api/roomBoard'
import { centreToday } from '../../lib/dates.js'
import { KeptBoards } from '../../services/roomBoard.js'

/** The site's rooms as the front desk sees them. */
const roomRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate)
  // The desk's screens ask for the board over and over; it changes a few times a day.
  const boards = new KeptBoards()

  app.post(
    '/board',
    {
      schema: {
        summary: 'The room board (房态): every room of the site by floor, with what it holds today',
        description:
          "Each room is in_use (a mother in house: her id, name, day N of her planned days, whether she leaves the centre's " +
          'today or is overdue), arriving (booked for a mother not yet in), free, or out_of_service (retired or out of ' +
          "service in the centre's lists, nobody in it); `counts` says how many rooms are in each state.",
        body: NoBody,
        response: { 200: RoomBoard },
      },
    },
    async (request, reply) =>
      reply.okJson(await boards.board(app.db, request.session.siteId, centreToday(request.session))),
  )
}

export default roomRoutes
