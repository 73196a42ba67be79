import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { actorOf } from '../../../actor.js'
import { centreDayRange, centreToday } from '../../../lib/dates.js'
import { Done, IdBody, Saved } from '@yuezi/contract/api/common'
import { formByName } from '@yuezi/contract/forms/index'
import {
  FormRecordCount,
  FormRecordCountBody,
  FormRecordInfo,
  FormPrefill,
  FormPrefillBody,
  FormRecordList,
  FormRecordListBody,
  SaveFormBody,
} from '@yuezi/contract/api/formRecords'
import {
  countFormRecords,
  deleteFormRecord,
  formPrefill,
  getFormRecord,
  listFormRecords,
  saveFormRecord,
} from '../../../services/formRecords.js'
import { saveCheckInNotice } from '../../../services/checkInNotices.js'

/** Form records: saving, listing, reading, counting and deleting them. */
const formRecordRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate)

  app.post(
    '/saveForm',
    {
      schema: {
        summary: 'Create (or, with id, update) a form record; data is validated with the form definition',
        description:
          "Computed fields are computed by the server, and so are a place's `distance` (metres from the site) and " +
          "`far` (past the site's radius; saved all the same). A refused form answers code -1 with " +
          '`res: {errors: [{path, message}]}`; a second record of a one-per-customer form answers -6. ' +
          "A retried save with the same request_id answers the first one's id and changes nothing. A check-in " +
          'notice must name its customer (customer_name and phone hers, else -1 with `res: {field, customer_id}`); ' +
          "a new arrival's notice is sent without customer_id and with `admission` (customer/save's fields): she, " +
          'her babies, her stay and the record are saved in one transaction, and refused together (a known phone ' +
          'or ID number: -9 as customer/save). A notice for customer_id may carry `customer_update` ' +
          "(customer/save's fields of her details and babies): her file is changed with the record, in its " +
          'transaction, with the checks of customer/save, and refused together. A new notice for a mother who left (no open stay) books her next ' +
          "stay (its room, check-in date and days) in the record's transaction, her earlier notice notwithstanding.",
        body: SaveFormBody,
        response: { 200: Saved },
      },
    },
    async (request, reply) => {
      const { name, customer_id, data, id, request_id, admission, customer_update } = request.body
      // A check-in notice may admit her, change her file or book her stay with it: its own service saves it.
      const save = formByName(name)?.admits ? saveCheckInNotice : saveFormRecord
      const saved = await save(app.db, actorOf(request), {
        name,
        customerId: customer_id,
        data,
        admission,
        customerUpdate: customer_update,
        id,
        requestId: request_id,
        today: centreToday(request.session),
        isUpload: (url) => request.isOwnUpload(url),
      })
      return reply.ok({ id: saved })
    },
  )

  app.post(
    '/getFormRecord',
    {
      schema: {
        summary: "The site's form records, newest first",
        description:
          "date_from / date_to: the site's days of created_at, both included. keyword: the customer's " +
          "name, room or phone, or text in the record (e.g. the visitor's name). Rows holding an ID number, a " +
          'photo or a signature are recorded in the access log as read.',
        body: FormRecordListBody,
        response: { 200: FormRecordList },
      },
    },
    async (request, reply) => {
      const { name, customer_id, date_from, date_to, keyword, page, limit } = request.body
      const result = await listFormRecords(app.db, actorOf(request), {
        name,
        customerId: customer_id,
        from: date_from ? centreDayRange(request.session, date_from)[0] : undefined,
        to: date_to ? centreDayRange(request.session, date_to)[1] : undefined,
        keyword,
        page,
        limit,
      })
      return reply.ok(result)
    },
  )

  app.post(
    '/getFormRecordInfo',
    {
      schema: {
        summary: 'One form record of the site; a round record also lists its medicines with their ids',
        description: 'A record holding an ID number, a photo or a signature is recorded in the access log as read.',
        body: IdBody,
        response: { 200: FormRecordInfo },
      },
    },
    async (request, reply) => reply.ok(await getFormRecord(app.db, actorOf(request), request.body.id)),
  )

  app.post(
    '/getFormRecordCount',
    {
      schema: {
        summary: "How many records the site created on a day (default the site's today): of one form, or per form",
        body: FormRecordCountBody,
        response: { 200: FormRecordCount },
      },
    },
    async (request, reply) => {
      const { name, date } = request.body
      const [from, to] = centreDayRange(request.session, date ?? centreToday(request.session))
      return reply.ok(await countFormRecords(app.db, request.session.siteId, from, to, name))
    },
  )

  app.post(
    '/getFormPrefill',
    {
      schema: {
        summary: "A new record's first values from the site's latest record of the form",
        description:
          "Only the form's fields marked to start from the site's last record (a round's 查房医生); {} when the " +
          'form has none or the site has no record of it.',
        body: FormPrefillBody,
        response: { 200: FormPrefill },
      },
    },
    async (request, reply) => reply.ok(await formPrefill(app.db, request.session.siteId, request.body.name)),
  )

  app.post(
    '/delFormRecord',
    {
      schema: {
        summary: 'Delete a form record (kept for audit, gone from lists)',
        body: IdBody,
        response: { 200: Done },
      },
    },
    async (request, reply) => {
      await deleteFormRecord(app.db, actorOf(request), request.body.id)
      return reply.ok(null)
    },
  )
}

export default formRecordRoutes
