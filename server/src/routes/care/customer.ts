import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError, Code } from '../../errors.js';
import { getCustomer, listCustomers } from '../../repositories/customers.js';
import { Envelope, Id, Paging } from '../schemas.js';

const Day = Type.Union([Type.String({ format: 'date' }), Type.Null()]);

const Customer = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  phone: Type.String(),
  room: Type.String(),
  delivery_date: Day,
  children: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      sex: Type.Union([Type.Literal('male'), Type.Literal('female')]),
      birth_date: Type.String({ format: 'date' }),
      birth_weight: Type.Union([Type.Integer({ description: 'grams' }), Type.Null()]),
    }),
  ),
});

const customerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/index',
    {
      schema: {
        summary: "The site's customers by room; keyword matches name, room or phone",
        body: Type.Object({
          ...Paging,
          keyword: Type.Optional(Type.String({ maxLength: 50 })),
        }),
        response: { 200: Envelope(Type.Object({ list: Type.Array(Customer), total: Type.Integer() })) },
      },
    },
    async (request, reply) => reply.ok(await listCustomers(app.db, request.session.siteId, request.body)),
  );

  app.post(
    '/info',
    {
      schema: {
        summary: 'One customer of the site with her babies',
        body: Type.Object({ id: Id }),
        response: { 200: Envelope(Customer) },
      },
    },
    async (request, reply) => {
      const customer = await getCustomer(app.db, request.session.siteId, request.body.id);
      if (!customer) throw new AppError(Code.NOT_FOUND, 'customer.notFound');
      return reply.ok(customer);
    },
  );
};

export default customerRoutes;
