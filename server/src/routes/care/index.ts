import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError, Code } from '../../errors.js';
import { siteDayRange, siteToday } from '../../lib/dates.js';
import * as records from '../../repositories/formRecords.js';
import * as stock from '../../repositories/stock.js';
import { listDepartments, listFloors } from '../../repositories/siteLists.js';
import * as surveys from '../../repositories/surveys.js';
import { Day, Envelope, Id, NoBody, Nullable, Paging, RequestId, Saved, Timestamp } from '../schemas.js';

/** Form data: checked by the form definitions (src/forms), which name fields as the app does, not by the schema. */
const Data = Type.Record(Type.String(), Type.Unknown(), { description: "The form's fields by key; see src/forms" });
const FormName = Type.String({ minLength: 1, maxLength: 50, description: "The form's title, e.g. 访客出入登记表" });

const recordFields = {
  id: Type.Integer(),
  name: Type.String(),
  customer_id: Nullable(Type.Integer()),
  customer_name: Nullable(Type.String()),
  room: Nullable(Type.String({ description: "The customer's room" })),
  data: Data,
  created_at: Timestamp,
  created_by: Type.Integer(),
  created_by_name: Type.String(),
  updated_at: Timestamp,
  updated_by: Type.Integer(),
  updated_by_name: Type.String(),
};
const FormRecord = Type.Object(recordFields);

const Medicine = Type.Object({
  id: Type.Integer(),
  record_id: Type.Integer(),
  medicine: Type.String(),
  dose: Type.String(),
  route: Nullable(Type.String()),
  frequency: Nullable(Type.String()),
  days: Nullable(Type.Integer()),
  note: Nullable(Type.String()),
  created_at: Timestamp,
  created_by: Type.Integer(),
  updated_at: Timestamp,
  updated_by: Type.Integer(),
});

const Answer = Type.Object({
  id: Type.Integer(),
  survey_id: Type.Integer(),
  version: Type.Integer(),
  title: Type.String(),
  customer_id: Type.Integer(),
  customer_name: Type.String(),
  room: Type.String(),
  data: Data,
  created_at: Timestamp,
  created_by: Type.Integer(),
  created_by_name: Type.String(),
});

const Product = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  spec: Type.String(),
  unit: Type.String(),
  price: Type.Number({ description: 'Yuan' }),
  category: Type.String(),
  stock: Type.Integer({ description: 'On hand in batches that have not expired' }),
});

const ProductPackage = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  items: Type.Array(
    Type.Object({
      product_id: Type.Integer(),
      product_name: Type.String(),
      spec: Type.String(),
      unit: Type.String(),
      price: Type.Number(),
      quantity: Type.Integer(),
    }),
  ),
});

/** Form records, their medicines, the check-in rules and the site's lists that forms choose from (stock's included). */
const indexRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const actor = (request: { session: { siteId: number; accountId: number } }): records.Actor => ({
    siteId: request.session.siteId,
    accountId: request.session.accountId,
  });
  const recordNotFound = () => new AppError(Code.NOT_FOUND, 'record.notFound');

  app.post(
    '/saveForm',
    {
      schema: {
        summary: 'Create (or, with id, update) a form record; data is validated with the form definition',
        description:
          'Computed fields are computed by the server. A refused form answers code -1 with ' +
          '`res: {errors: [{path, message}]}`; a second record of a one-per-customer form answers -6. ' +
          'A retried save with the same request_id answers the first one\'s id and changes nothing.',
        body: Type.Object({
          name: FormName,
          customer_id: Type.Optional(Id),
          data: Data,
          id: Type.Optional(Id),
          request_id: Type.Optional(RequestId),
        }),
        response: { 200: Saved },
      },
    },
    async (request, reply) => {
      const { name, customer_id, data, id, request_id } = request.body;
      const saved = await records.saveFormRecord(app.db, actor(request), {
        name,
        customerId: customer_id,
        data,
        id,
        requestId: request_id,
        today: siteToday(request.session),
      });
      return reply.ok({ id: saved });
    },
  );

  app.post(
    '/getFormRecord',
    {
      schema: {
        summary: "The site's form records, newest first",
        description:
          "date_from / date_to: the site's days of created_at, both included. keyword: the customer's " +
          "name, room or phone, or text in the record (e.g. the visitor's name).",
        body: Type.Object({
          name: Type.Optional(FormName),
          customer_id: Type.Optional(Id),
          date_from: Type.Optional(Day),
          date_to: Type.Optional(Day),
          keyword: Type.Optional(Type.String({ maxLength: 50 })),
          ...Paging,
        }),
        response: { 200: Envelope(Type.Object({ list: Type.Array(FormRecord), total: Type.Integer() })) },
      },
    },
    async (request, reply) => {
      const { name, customer_id, date_from, date_to, keyword, page, limit } = request.body;
      const result = await records.listRecords(app.db, request.session.siteId, {
        name,
        customerId: customer_id,
        from: date_from ? siteDayRange(request.session, date_from)[0] : undefined,
        to: date_to ? siteDayRange(request.session, date_to)[1] : undefined,
        keyword,
        page,
        limit,
      });
      return reply.ok(result);
    },
  );

  app.post(
    '/getFormRecordInfo',
    {
      schema: {
        summary: "One form record of the site; a round record also lists its medicines with their ids",
        body: Type.Object({ id: Id }),
        response: { 200: Envelope(Type.Object({ ...recordFields, medicines: Type.Optional(Type.Array(Medicine)) })) },
      },
    },
    async (request, reply) => {
      const record = await records.getRecord(app.db, request.session.siteId, request.body.id);
      if (!record) throw recordNotFound();
      return reply.ok(record);
    },
  );

  app.post(
    '/getFormRecordCount',
    {
      schema: {
        summary: "How many records the site created on a day (default the site's today): of one form, or per form",
        body: Type.Object({ name: Type.Optional(FormName), date: Type.Optional(Day) }),
        response: {
          200: Envelope(
            Type.Union([
              Type.Object({ count: Type.Integer() }),
              Type.Object({ counts: Type.Record(Type.String(), Type.Integer()) }),
            ]),
          ),
        },
      },
    },
    async (request, reply) => {
      const { name, date } = request.body;
      const [from, to] = siteDayRange(request.session, date ?? siteToday(request.session));
      const counts = await records.countByName(app.db, request.session.siteId, from, to, name);
      // Own keys only: a form named like an Object method (toString) has no count.
      return reply.ok(name === undefined ? { counts } : { count: Object.hasOwn(counts, name) ? counts[name] : 0 });
    },
  );

  app.post(
    '/delFormRecord',
    {
      schema: {
        summary: 'Delete a form record (kept for audit, gone from lists)',
        body: Type.Object({ id: Id }),
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request, reply) => {
      if (!(await records.deleteRecord(app.db, actor(request), request.body.id))) throw recordNotFound();
      return reply.ok(null);
    },
  );

  app.post(
    '/medicineList',
    {
      schema: {
        summary: 'The medicines of a round record (儿科 / 产科医生查房签到表)',
        body: Type.Object({ record_id: Id }),
        response: { 200: Envelope(Type.Array(Medicine)) },
      },
    },
    async (request, reply) => reply.ok(await records.listMedicines(app.db, request.session.siteId, request.body.record_id)),
  );

  // Unknown: the form's medicine row fields check the values, with the app's messages.
  const Value = Type.Optional(Type.Unknown());
  app.post(
    '/medicineSave',
    {
      schema: {
        summary: "Add (or, with id, change) a medicine of a round record; validated with the form's medicine row",
        body: Type.Object({
          record_id: Id,
          id: Type.Optional(Id),
          medicine: Value,
          dose: Value,
          route: Value,
          frequency: Value,
          days: Value,
          note: Value,
        }),
        response: { 200: Saved },
      },
    },
    async (request, reply) => {
      const { record_id, id, medicine, dose, route, frequency, days, note } = request.body;
      const saved = await records.saveMedicine(app.db, actor(request), {
        recordId: record_id,
        id,
        values: { medicine, dose, route, frequency, days, note },
      });
      return reply.ok({ id: saved });
    },
  );

  app.post(
    '/medicineDel',
    {
      schema: {
        summary: 'Delete a medicine of a round record',
        body: Type.Object({ id: Id }),
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request, reply) => {
      if (!(await records.deleteMedicine(app.db, actor(request), request.body.id))) {
        throw new AppError(Code.NOT_FOUND, 'medicine.notFound');
      }
      return reply.ok(null);
    },
  );

  app.post(
    '/getSurvey',
    {
      schema: {
        summary: "The site's current check-in rules (入住须知)",
        body: NoBody,
        response: {
          200: Envelope(Type.Object({ id: Type.Integer(), version: Type.Integer(), title: Type.String(), content: Type.String() })),
        },
      },
    },
    async (request, reply) => {
      const survey = await surveys.currentSurvey(app.db, request.session.siteId);
      if (!survey) throw new AppError(Code.NOT_FOUND, 'survey.none');
      return reply.ok(survey);
    },
  );

  app.post(
    '/answerSave',
    {
      schema: {
        summary: "A customer's signed acknowledgement of the current check-in rules",
        description: 'data is validated with the 入住须知 form; one per customer and rules version (else -6).',
        body: Type.Object({ customer_id: Id, survey_id: Id, data: Data }),
        response: { 200: Saved },
      },
    },
    async (request, reply) => {
      const { customer_id, survey_id, data } = request.body;
      const id = await surveys.saveAnswer(app.db, actor(request), { customerId: customer_id, surveyId: survey_id, data });
      return reply.ok({ id });
    },
  );

  app.post(
    '/answerList',
    {
      schema: {
        summary: "The site's acknowledgements of the check-in rules, newest first",
        body: Type.Object({ customer_id: Type.Optional(Id), ...Paging }),
        response: { 200: Envelope(Type.Object({ list: Type.Array(Answer), total: Type.Integer() })) },
      },
    },
    async (request, reply) => {
      const { customer_id, page, limit } = request.body;
      return reply.ok(await surveys.listAnswers(app.db, request.session.siteId, { customerId: customer_id, page, limit }));
    },
  );

  app.post(
    '/floorList',
    {
      schema: {
        summary: "The site's rooms by floor, each with the customer in it (or null)",
        body: NoBody,
        response: {
          200: Envelope(
            Type.Array(
              Type.Object({
                floor: Type.Integer(),
                rooms: Type.Array(Type.Object({ room: Type.String(), customer_id: Nullable(Type.Integer()) })),
              }),
            ),
          ),
        },
      },
    },
    async (request, reply) => reply.ok(await listFloors(app.db, request.session.siteId)),
  );

  app.post(
    '/departmentList',
    {
      schema: {
        summary: "The site's departments",
        body: NoBody,
        response: { 200: Envelope(Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() }))) },
      },
    },
    async (request, reply) => reply.ok(await listDepartments(app.db, request.session.siteId)),
  );

  app.post(
    '/productList',
    {
      schema: {
        summary: "The site's products, each with its stock (the quantity of its unexpired batches)",
        description: 'keyword: the name, spec or category; category: exactly.',
        body: Type.Object({
          keyword: Type.Optional(Type.String({ maxLength: 50 })),
          category: Type.Optional(Type.String({ maxLength: 50 })),
          ...Paging,
        }),
        response: { 200: Envelope(Type.Object({ list: Type.Array(Product), total: Type.Integer() })) },
      },
    },
    async (request, reply) => {
      const { keyword, category, page, limit } = request.body;
      const query = { keyword, category, page, limit };
      return reply.ok(await stock.listProducts(app.db, request.session.siteId, query, siteToday(request.session)));
    },
  );

  app.post(
    '/productPackageList',
    {
      schema: {
        summary: "The site's product packages (a gift type's package_id), each with its products and quantities",
        body: NoBody,
        response: { 200: Envelope(Type.Array(ProductPackage)) },
      },
    },
    async (request, reply) => reply.ok(await stock.listPackages(app.db, request.session.siteId)),
  );

  app.post(
    '/giftTypeList',
    {
      schema: {
        summary: "The site's gift types; package_id names the package (productPackageList) whose products a gift pack holds",
        body: NoBody,
        response: {
          200: Envelope(Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), package_id: Type.Integer() }))),
        },
      },
    },
    async (request, reply) => reply.ok(await stock.listGiftTypes(app.db, request.session.siteId)),
  );
};

export default indexRoutes;
