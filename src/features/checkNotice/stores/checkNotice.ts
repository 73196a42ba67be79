// 入住须知: the site's rules (getSurvey), the customer's latest acknowledgement (answerList), her
// earlier ones (the history) and the session of a new one, saved with answerSave.
import { makeAutoObservable, runInAction } from 'mobx'
import { openServerFile } from '@/api/files'
import type { Customer, Survey, SurveyAnswer } from '@/api/types'
import { checkNotice } from '@yuezi/contract/forms/definitions/checkNotice'
import { toast } from '@/utils/feedback'
import { goHome } from '@/utils/navigation'
import { formRecordPdf, FormSession, openFormStore, RecordHistory, reportSave, sessionCustomer } from '@/features/forms'
import { answerExport, answerList, answerSave, getSurvey } from '../api/checkNotice'

export type { Survey, SurveyAnswer }

/** The conflict code: this customer has already acknowledged these rules. */
const CODE_CONFLICT = -6

export class CheckNoticeStore {
  status: 'loading' | 'ready' | 'error' = 'loading'
  error = ''
  survey: Survey | null = null
  /** The customer's latest acknowledgement. */
  answer: SurveyAnswer | null = null
  session: FormSession | null = null
  /** The mother whose acknowledgements these are, as the page hands her. */
  customer: Customer | null = null
  /** The customer's acknowledgements, newest first (the history popup); a tap shows one. */
  readonly history = new RecordHistory<SurveyAnswer>(
    (page, limit) => answerList({ customer_id: this.customer?.id, page, limit }),
    (id) => this.view(id),
    () => answerExport({ customer_id: this.customer?.id }),
  )
  /** An acknowledgement opened from the history. */
  viewing: SurveyAnswer | null = null
  /** Opened by its address with no customer chosen: the customer picker is open. */
  choosingCustomer = false

  constructor() {
    makeAutoObservable(this, { history: false }, { autoBind: true })
  }

  /** Signed for the rules now in force: nothing more to sign. */
  get done() {
    return !!this.answer && !!this.survey && this.answer.survey_id === this.survey.id
  }

  /** The acknowledgement shown instead of the form: one opened from the history, else the one in force. */
  get shown(): SurveyAnswer | null {
    return this.viewing ?? (this.done ? this.answer : null)
  }

  private view(id: number) {
    this.viewing = this.history.records.items.find((record) => record.id === id) ?? null
  }

  /** The acknowledgement shown as a PDF, opened to print or forward. */
  exportPdf() {
    const shown = this.shown
    if (shown) openServerFile(() => formRecordPdf({ answer_id: shown.id }))
  }

  /** Back from an acknowledgement of the history to the page as it stands. */
  closeViewing() {
    this.viewing = null
  }

  /** The page opened with `customer` chosen: one is needed (without, the customer picker opens first). */
  enter(customer: Customer | null) {
    openFormStore.setFormName(checkNotice.name)
    this.customer = customer
    if (!customer) {
      this.choosingCustomer = true
      return
    }
    this.load()
  }

  /** The customer picker closed with `customer` chosen: the rules open for her; without one, home. */
  customerPicked(customer: Customer | null) {
    this.choosingCustomer = false
    this.customer = customer
    if (customer) this.load()
    else goHome()
  }

  /** The page closed: what is typed stays on the device. */
  leave() {
    this.session?.dispose()
  }

  async load() {
    this.status = 'loading'
    this.viewing = null
    const customer = this.customer && sessionCustomer(this.customer)
    try {
      const [rules, answers] = await Promise.all([
        getSurvey(),
        answerList({ customer_id: customer?.id, page: 1, limit: 1 }),
      ])
      runInAction(() => {
        this.session?.dispose()
        const next = new FormSession(checkNotice, customer)
        next.restoreDraft()
        this.survey = rules
        this.answer = answers.list[0] ?? null
        this.session = next
        this.status = 'ready'
      })
    } catch (error) {
      runInAction(() => {
        this.error = (error as Error).message
        this.status = 'error'
      })
    }
  }

  async save() {
    const { session, survey } = this
    if (!session || !survey || !session.customer) return
    const customerId = session.customer.id
    const result = await session.save((body) =>
      answerSave({ customer_id: customerId, survey_id: survey.id, data: body.data }),
    )
    if (result.status === 'failed' && result.code === CODE_CONFLICT) {
      // Already signed (a retry after a lost reply, or the rules changed): show what is there now.
      session.discardDraft()
      toast(result.message, { long: true })
      this.load()
    } else if (reportSave(result, session)) {
      this.load()
    }
  }
}
