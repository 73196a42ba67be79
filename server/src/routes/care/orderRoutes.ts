import { Type, type FastifyPluginAsyncTypebox, type Static, type TSchema } from '@fastify/type-provider-typebox';
import { AppError, Code } from '../../errors.js';
import { siteToday } from '../../lib/dates.js';
import type { Actor } from '../../repositories/formRecords.js';
import { Envelope, Id } from '../schemas.js';
import { CheckBody, checkDescription } from './orderSchemas.js';

// The routes outApply and specialCare share: /info, /del and /check read the same and call their
// kind's repository. /index and /save differ in their filters and fields: each kind registers them.

type App = Parameters<FastifyPluginAsyncTypebox>[0];

/** Who acts: the session's site and account. */
export const actorOf = (request: { session: { siteId: number; accountId: number } }): Actor => ({
  siteId: request.session.siteId,
  accountId: request.session.accountId,
});

/** One kind of order's routes: its name in the docs, its schemas, its repository's functions. */
export interface OrderRoutes {
  /** The API docs' summaries of /info, /del and /check (written out whole, so that a search finds them). */
  summaries: { info: string; del: string; check: string };
  /** An order with its items, as /info and /check answer it. */
  Order: TSchema;
  /** Registers /index (the list: its filters differ). */
  index: (app: App) => void;
  /** Registers /save (the order's fields differ). */
  save: (app: App) => void;
  get: (db: App['db'], siteId: number, id: number, today: string) => Promise<unknown>;
  delete: (db: App['db'], actor: Actor, id: number) => Promise<void>;
  check: (db: App['db'], actor: Actor, body: Static<typeof CheckBody>, today: string) => Promise<unknown>;
}

/** The plugin of one kind of order's five routes, in the order the API docs list them. */
export const orderRoutes =
  (kind: OrderRoutes): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.addHook('onRequest', app.authenticate);

    kind.index(app);

    app.post(
      '/info',
      {
        schema: {
          summary: kind.summaries.info,
          body: Type.Object({ id: Id }),
          response: { 200: Envelope(kind.Order) },
        },
      },
      async (request, reply) => {
        const order = await kind.get(app.db, request.session.siteId, request.body.id, siteToday(request.session));
        if (!order) throw new AppError(Code.NOT_FOUND, 'order.notFound');
        return reply.ok(order);
      },
    );

    kind.save(app);

    app.post(
      '/del',
      {
        schema: {
          summary: kind.summaries.del,
          body: Type.Object({ id: Id }),
          response: { 200: Envelope(Type.Null()) },
        },
      },
      async (request, reply) => {
        await kind.delete(app.db, actorOf(request), request.body.id);
        return reply.ok(null);
      },
    );

    app.post(
      '/check',
      {
        schema: {
          summary: kind.summaries.check,
          description: checkDescription,
          body: CheckBody,
          response: { 200: Envelope(kind.Order) },
        },
      },
      async (request, reply) => {
        if (!request.session.canApprove) throw new AppError(Code.FORBIDDEN, 'order.notAllowed');
        return reply.ok(await kind.check(app.db, actorOf(request), request.body, siteToday(request.session)));
      },
    );
  };
