import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { actorOf } from '../../../actor.js'
import { NoBody, Saved } from '@yuezi/contract/api/common'
import { AnswerList, AnswerListBody, AnswerSaveBody, Survey } from '@yuezi/contract/api/checkNotice'
import { getSurvey, listAnswers, saveAnswer } from '../../../services/checkNotice.js'

/** The check-in rules (入住须知) and customers' signed acknowledgements of them. */
const checkNoticeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate)

  app.post(
    '/getSurvey',
    {
      schema: {
        summary: "The site's current check-in rules (入住须知)",
        body: NoBody,
        response: { 200: Survey },
      },
    },
    async (request, reply) => reply.ok(await getSurvey(app.db, request.session.siteId)),
  )

  app.post(
    '/answerSave',
    {
      schema: {
        summary: "A customer's signed acknowledgement of the current check-in rules",
        description: 'data is validated with the 入住须知 form; one per customer and rules version (else -6).',
        body: AnswerSaveBody,
        response: { 200: Saved },
      },
    },
    async (request, reply) => {
      const { customer_id, survey_id, data } = request.body
      const id = await saveAnswer(app.db, actorOf(request), {
        customerId: customer_id,
        surveyId: survey_id,
        data,
        isUpload: (url) => request.isOwnUpload(url),
      })
      return reply.ok({ id })
    },
  )

  app.post(
    '/answerList',
    {
      schema: {
        summary: "The site's acknowledgements of the check-in rules, newest first",
        description: 'Each signed acknowledgement listed is recorded in the access log as read.',
        body: AnswerListBody,
        response: { 200: AnswerList },
      },
    },
    async (request, reply) => {
      const { customer_id, page, limit } = request.body
      return reply.ok(await listAnswers(app.db, actorOf(request), { customerId: customer_id, page, limit }))
    },
  )
}

export default checkNoticeRoutes
