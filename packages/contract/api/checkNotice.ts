import { Type } from 'typebox'
import { Envelope, Id, Page, Paging, Timestamp } from './common.js'
import { FormData } from './formRecords.js'

// /api/care/index: the site's check-in rules (入住须知) and customers' acknowledgements of them.

export const Survey = Envelope(
  Type.Object({ id: Type.Integer(), version: Type.Integer(), title: Type.String(), content: Type.String() }),
)

export const SurveyAnswer = Type.Object({
  id: Type.Integer(),
  survey_id: Type.Integer(),
  version: Type.Integer(),
  title: Type.String(),
  customer_id: Type.Integer(),
  customer_name: Type.String(),
  room: Type.String(),
  data: FormData,
  created_at: Timestamp,
  created_by: Type.Integer(),
  created_by_name: Type.String(),
})

export const AnswerSaveBody = Type.Object({ customer_id: Id, survey_id: Id, data: FormData })
export const AnswerListBody = Type.Object({ customer_id: Type.Optional(Id), ...Paging })
export const AnswerList = Page(SurveyAnswer)
