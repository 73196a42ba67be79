import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { actorOf } from '../../../actor.js'
import { Done, IdBody, Saved } from '@yuezi/contract/api/common'
import { MedicineList, MedicineListBody, MedicineSaveBody } from '@yuezi/contract/api/medicines'
import { deleteMedicine, listMedicines, saveMedicine } from '../../../services/formRecords.js'

/** The medicines of round records (儿科 / 产科医生查房签到表), one by one. */
const medicineRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate)

  app.post(
    '/medicineList',
    {
      schema: {
        summary: 'The medicines of a round record (儿科 / 产科医生查房签到表)',
        body: MedicineListBody,
        response: { 200: MedicineList },
      },
    },
    async (request, reply) => reply.ok(await listMedicines(app.db, request.session.siteId, request.body.record_id)),
  )

  app.post(
    '/medicineSave',
    {
      schema: {
        summary: "Add (or, with id, change) a medicine of a round record; validated with the form's medicine row",
        body: MedicineSaveBody,
        response: { 200: Saved },
      },
    },
    async (request, reply) => {
      const { record_id, id, medicine, dose, route, frequency, days, note } = request.body
      const saved = await saveMedicine(app.db, actorOf(request), {
        recordId: record_id,
        id,
        values: { medicine, dose, route, frequency, days, note },
      })
      return reply.ok({ id: saved })
    },
  )

  app.post(
    '/medicineDel',
    {
      schema: {
        summary: 'Delete a medicine of a round record',
        body: IdBody,
        response: { 200: Done },
      },
    },
    async (request, reply) => {
      await deleteMedicine(app.db, actorOf(request), request.body.id)
      return reply.ok(null)
    },
  )
}

export default medicineRoutes
