import type { FastifyPluginAsyncTypebox, TSchema } from '@fastify/type-provider-typebox'
import { actorOf, type Actor } from '../../actor.js'
import { AppError, Code } from '../../errors.js'
import { centreToday } from '../../lib/dates.js'
import { Done, IdBody } from '@yuezi/contract/api/common'
import { CheckBody } from '@yuezi/contract/api/orders'
import {
  orderNotFound,
  withMayApprove,
  type CheckBody as Check,
  type Checker,
  type OrderRead,
} from '../../services/orders/index.js'

// The routes outApply, specialCare and inbound share: /info, /del and /check read the same and call their
// kind's functions. /index and /save differ in their filters and fields: each kind registers them.

type App = Parameters<FastifyPluginAsyncTypebox>[0]

/** One kind of order's routes: its name in the docs, its reply schema, its functions. */
export interface OrderRoutes {
  /** The API docs' summaries of /info, /del and /check (written out whole, so that a search finds them). */
  summaries: { info: string; del: string; check: string }
  /** The reply of /info and /check: an order with its items. */
  OrderInfo: TSchema
  /** Registers /index (the list: its filters differ). */
  index: (app: App) => void
  /** Registers /save (the order's fields differ). */
  save: (app: App) => void
  /** One order (else undefined); the reader is the actor, for the access log. */
  get: (db: App['db'], actor: Actor, id: number, today: string) => Promise<OrderRead | undefined>
  delete: (db: App['db'], actor: Actor, id: number) => Promise<void>
  check: (db: App['db'], checker: Checker, body: Check, today: string) => Promise<OrderRead>
}

const checkDescription =
  '`{id, approve: true}` takes the items out of their batches (an inbound order puts them in) in one transaction, ' +
  'or answers -7 naming the row, product and batch and changes nothing; `{id, approve: false, reason}` rejects; ' +
  '`{id, reverse: true, reason?}` undoes the move of an approved order (-7 when an inbound batch no longer holds ' +
  'it). Only a pending order can be approved or rejected, only an approved ' +
  'one reversed (else -6). Only staff with the approve right in the site may check; whoever made the order may ' +
  'not approve, reject or reverse it (else -5) unless the site allows it (sites.creator_may_approve: its audit ' +
  'entry is then approveOwn, rejectOwn or reverseOwn); whoever changed an order someone else made may not, ' +
  "whatever the site allows (-5). The order's `may_approve` says whether the caller may."

/** The body's values for the form: null and absent are the same, empty. */
export const formData = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== null))

/** The plugin of one kind of order's five routes, in the order the API docs list them. */
export const orderRoutes =
  (kind: OrderRoutes): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.addHook('onRequest', app.authenticate)

    kind.index(app)

    app.post(
      '/info',
      {
        schema: {
          summary: kind.summaries.info,
          body: IdBody,
          response: { 200: kind.OrderInfo },
        },
      },
      async (request, reply) => {
        const order = await kind.get(app.db, actorOf(request), request.body.id, centreToday(request.session))
        if (!order) throw orderNotFound()
        return reply.ok(withMayApprove(order, request.session))
      },
    )

    kind.save(app)

    app.post(
      '/del',
      {
        schema: {
          summary: kind.summaries.del,
          body: IdBody,
          response: { 200: Done },
        },
      },
      async (request, reply) => {
        await kind.delete(app.db, actorOf(request), request.body.id)
        return reply.ok(null)
      },
    )

    app.post(
      '/check',
      {
        schema: {
          summary: kind.summaries.check,
          description: checkDescription,
          body: CheckBody,
          response: { 200: kind.OrderInfo },
        },
      },
      async (request, reply) => {
        if (!request.session.canApprove) throw new AppError(Code.FORBIDDEN, 'order.notAllowed')
        const checker = { ...actorOf(request), creatorMayApprove: request.session.creatorMayApprove }
        const order = await kind.check(app.db, checker, request.body, centreToday(request.session))
        return reply.ok(withMayApprove(order, request.session))
      },
    )
  }
