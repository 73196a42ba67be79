import type { Actor } from '../actor.js'
import type { Db } from '../db/types.js'
import { AppError, Code, FormInvalidError } from '../errors.js'
import { formByName } from '@yuezi/contract/forms/index'
import type { FormData } from '@yuezi/contract/forms/types'
import { validateForm, type UploadCheck } from '@yuezi/contract/forms/validate'
import { writeAudit } from '../repositories/audit.js'
import { siteCustomer } from '../repositories/customers.js'
import * as surveys from '../repositories/surveys.js'
import { logAccess } from './accessLog.js'

/** The form whose rules an acknowledgement follows (@yuezi/contract/forms). */
const ACKNOWLEDGEMENT_FORM = '入住须知'

/** The site's acknowledgements, newest first; their signatures are logged as read. */
export async function listAnswers(db: Db, actor: Actor, query: { customerId?: number; page: number; limit: number }) {
  const page = await surveys.listAnswers(db, actor.siteId, query)
  const definition = formByName(ACKNOWLEDGEMENT_FORM)!
  const read = page.list.map((answer) => ({
    kind: 'answer' as const,
    id: answer.id,
    customerId: answer.customer_id,
    definition,
    data: answer.data,
  }))
  await logAccess(db, actor, 'read', read)
  return page
}

/** The site's current check-in rules; else not-found. */
export async function getSurvey(db: Db, siteId: number) {
  const survey = await surveys.currentSurvey(db, siteId)
  if (!survey) throw new AppError(Code.NOT_FOUND, 'survey.none')
  return survey
}

export interface AnswerInput {
  customerId: number
  surveyId: number
  data: FormData
  /** Whether a signature or photo is one of this server's uploads: a client's save passes its request's check. */
  isUpload?: UploadCheck
}

/** Stores a customer's signed acknowledgement of the site's current rules; one live one per customer and version. */
export async function saveAnswer(db: Db, actor: Actor, input: AnswerInput): Promise<number> {
  const definition = formByName(ACKNOWLEDGEMENT_FORM)!
  const errors = validateForm(definition, input.data, input.isUpload)
  if (errors.length) throw new FormInvalidError(errors)
  return db.transaction(async (tx) => {
    const customer = await siteCustomer(tx, actor.siteId, input.customerId)
    if (!customer) throw new AppError(Code.NOT_FOUND, 'customer.notFound')
    const survey = await surveys.findSurvey(tx, actor.siteId, input.surveyId)
    if (!survey) throw new AppError(Code.NOT_FOUND, 'survey.notFound')
    // Signing rules that have since changed would acknowledge a text nobody was shown.
    if ((await surveys.currentSurvey(tx, actor.siteId))?.id !== survey.id)
      throw new AppError(Code.CONFLICT, 'survey.outdated')

    const id = await surveys.insertAnswer(tx, actor, { customerId: customer.id, surveyId: survey.id, data: input.data })
    if (id === undefined) throw new AppError(Code.CONFLICT, 'survey.alreadyAnswered')
    await writeAudit(tx, { ...actor, action: 'create', entity: 'survey_answers', entityId: id })
    return id
  })
}
