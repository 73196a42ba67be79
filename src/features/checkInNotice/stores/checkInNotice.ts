// A check-in notice names the mother it is for: a new arrival is admitted with it, and a chosen
// mother's changed name or phone is either corrected in her details or becomes a new arrival.
// Imported by the two notice pages only.
import { makeAutoObservable, runInAction } from 'mobx'
import { customerInfo, customerSave, duplicateOf, type Duplicate } from '@/api/customer'
import type { Customer, CustomerDetails } from '@/api/types'
import type { CustomerSaveBody } from '@/api/customer'
import type { StayKind } from '@yuezi/contract/forms/definitions/admission'
import type { FieldError, FormData } from '@yuezi/contract/forms/types'
import { isEmpty } from '@yuezi/contract/forms/validate'
import { t } from '@/i18n'
import {
  getFormRecordInfo,
  saveForm,
  sessionCustomer,
  type FormPageStore,
  type FormSession,
  type SaveFormBody,
} from '@/features/forms'

/** What the person chose when the chosen mother's name or phone was changed. */
export type NamedChoice = 'correct' | 'admit' | 'cancel'
/** What the person chose when the notice changes her file (allergies, diet, babies). */
export type FileChoice = 'update' | 'recordOnly' | 'cancel'
/** The question on screen. */
type Question = 'named' | 'file'

const typed = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

/** The notice's value of `key` when there is one. */
const some = (data: FormData, key: string, as = key): FormData => (isEmpty(data[key]) ? {} : { [as]: data[key] })

const rowsOf = (data: FormData) => (Array.isArray(data.babies) ? (data.babies as FormData[]) : [])

/** A baby admitted with a notice is named after her mother until she is renamed in her file. */
const babyName = (name: string, count: number, i: number) =>
  t(count > 1 ? 'notice.babyNameOf' : 'notice.babyName', { name, n: i + 1 })

/**
 * The admission a new arrival's notice carries: her details, her babies (named after her, born on
 * her delivery date) and her stay as the notice books it.
 */
export function admissionOf(kind: StayKind, data: FormData): FormData {
  const name = typed(data.customer_name)
  const rows = rowsOf(data)
  const babies = rows.map((row, i) => ({
    name: babyName(name, rows.length, i),
    birth_date: data.delivery_date,
    ...some(row, 'sex'),
    ...some(row, 'birth_weight'),
  }))
  return {
    customer_name: name,
    phone: typed(data.phone),
    ...some(data, 'id_card'),
    ...some(data, 'delivery_date'),
    ...some(data, 'delivery_mode'),
    ...some(data, 'hospital'),
    ...some(data, 'allergies'),
    ...some(data, 'diet_needs'),
    ...some(data, 'diet_taboos', 'diet_needs'),
    ...(babies.length ? { babies } : {}),
    stay_kind: kind,
    room: data.room,
    check_in_date: data.check_in_date,
    days: data.days,
    ...some(data, 'package_id'),
  }
}

/** Her details as customer/save changes them: as she is, with the name and phone (and ID number) the notice gives. */
export function correctionOf(her: CustomerDetails, data: FormData): CustomerSaveBody {
  const kept = Object.fromEntries(
    (['delivery_date', 'delivery_mode', 'hospital', 'allergies', 'diet_needs', 'remark'] as const)
      .filter((key) => her[key] !== null)
      .map((key) => [key, her[key]]),
  )
  return {
    id: her.id,
    ...kept,
    customer_name: typed(data.customer_name),
    phone: typed(data.phone),
    ...some(data, 'id_card'),
    babies: her.children.map(({ name, sex, birth_date, birth_time, birth_weight }) => ({
      name,
      sex,
      birth_date,
      ...(birth_time ? { birth_time } : {}),
      ...(birth_weight === null ? {} : { birth_weight }),
    })),
  }
}

/**
 * Her details and babies as the notice changes them, for saving with it (customer_update); null when
 * it changes nothing of her file. What the notice leaves empty is kept, and no baby is removed.
 */
export function fileUpdateOf(her: CustomerDetails, data: FormData): CustomerSaveBody | null {
  const { id: _id, ...details } = correctionOf(her, data)
  const changed: FormData = {}
  const allergies = typed(data.allergies)
  if (allergies && allergies !== (her.allergies ?? '')) changed.allergies = allergies
  const diet = typed(data.diet_needs) || typed(data.diet_taboos)
  if (diet && diet !== (her.diet_needs ?? '')) changed.diet_needs = diet
  const rows = rowsOf(data)
  const babies = (details.babies as FormData[]).map((baby, i) => ({
    ...baby,
    ...some(rows[i] ?? {}, 'sex'),
    ...some(rows[i] ?? {}, 'birth_weight'),
  }))
  const born = isEmpty(data.delivery_date) ? her.delivery_date : data.delivery_date
  for (let i = babies.length; i < rows.length; i++) {
    babies.push({
      name: babyName(her.name, rows.length, i),
      birth_date: born,
      ...some(rows[i], 'sex'),
      ...some(rows[i], 'birth_weight'),
    })
  }
  if (JSON.stringify(babies) !== JSON.stringify(details.babies)) changed.babies = babies
  return Object.keys(changed).length ? { ...details, ...changed } : null
}

/** Whether the notice names another mother than its chosen one (the name or phone was changed). */
export function namesAnother(session: FormSession): boolean {
  const { customer, values } = session
  if (!customer) return false
  return typed(values.customer_name) !== customer.name || typed(values.phone) !== (customer.phone ?? '')
}

export class CheckInNoticeStore {
  /** The question on screen (her name or phone changed; her file changed); its answer goes to `answer`. */
  asking: Question | null = null
  /** Her file as the notice changes it, saved with it when the person chose so. */
  private update: CustomerSaveBody | null = null
  /** The mother already here with the phone or ID number a new arrival's notice gave: offered instead. */
  duplicate: Duplicate | null = null
  private answer: ((choice: string) => void) | null = null
  private page: FormPageStore | null = null
  readonly kind: StayKind

  /** `select` makes the mother the notice is for the app's current customer (the page's to do). */
  constructor(
    kind: StayKind,
    private readonly select: (customer: Customer) => void,
  ) {
    this.kind = kind
    makeAutoObservable<this, 'answer' | 'page' | 'update' | 'select'>(
      this,
      { kind: false, answer: false, page: false, update: false, select: false },
      { autoBind: true },
    )
  }

  /** The page's store, once made (the notice opens a new arrival's form through it). */
  attach(page: FormPageStore) {
    this.page = page
  }

  /** The form's rules for a new arrival: her babies are born on her delivery date. */
  setup(session: FormSession) {
    session.extraRules.push((data) =>
      !session.customer && Array.isArray(data.babies) && data.babies.length && isEmpty(data.delivery_date)
        ? [{ path: 'delivery_date', labelKey: 'form.field.delivery_date', rule: 'required' } satisfies FieldError]
        : [],
    )
  }

  /** Answers the question on screen. */
  choose(choice: NamedChoice | FileChoice) {
    this.asking = null
    this.answer?.(choice)
    this.answer = null
  }

  private ask<Choice extends string>(question: Question): Promise<Choice> {
    this.asking = question
    return new Promise((resolve) => (this.answer = resolve as (choice: string) => void))
  }

  /**
   * Before a notice for a chosen mother is sent: one that names another corrects her details, or
   * becomes a new arrival's (a new record only), or sends nothing; one that changes her allergies,
   * diet or babies asks once whether her file is updated with it.
   */
  async beforeSave(session: FormSession): Promise<boolean> {
    this.update = null
    if (namesAnother(session)) {
      const choice = await this.ask<NamedChoice>('named')
      if (choice === 'cancel') return false
      if (choice === 'admit') {
        if (!session.isNew) return false
        runInAction(() => (session.customer = null))
        return true
      }
      const id = session.customer!.id
      try {
        const her = await customerInfo(id, { loading: true, showError: true })
        await customerSave(correctionOf(her, session.values), { loading: true, showError: true })
        const corrected = await customerInfo(id, { loading: false, showError: false })
        this.becomeCurrent(session, corrected)
      } catch {
        return false // the request layer has said why; the notice is kept as typed
      }
    }
    return session.customer ? this.askFile(session, session.customer.id) : true
  }

  /** Whether to update her file with what the notice changes of it; false: nothing is sent. */
  private async askFile(session: FormSession, id: number): Promise<boolean> {
    let update: CustomerSaveBody | null
    try {
      update = fileUpdateOf(await customerInfo(id, { loading: true, showError: true }), session.values)
    } catch {
      return false // the request layer has said why; the notice is kept as typed
    }
    if (!update) return true
    const choice = await this.ask<FileChoice>('file')
    if (choice === 'cancel') return false
    if (choice === 'update') this.update = update
    return true
  }

  /** Sends the notice: a new arrival's with her admission, else for its mother. */
  async send(body: SaveFormBody) {
    const session = this.page?.session
    if (body.customer_id !== undefined && this.update) return this.sendWithUpdate(body, this.update)
    if (body.customer_id !== undefined || body.id !== undefined || !session) return saveForm(body)
    this.duplicate = null
    const saved = await saveForm({ ...body, admission: admissionOf(this.kind, body.data) }).catch((error: unknown) => {
      const duplicate = duplicateOf(error)
      if (duplicate) runInAction(() => (this.duplicate = duplicate))
      throw error
    })
    // She is admitted: she becomes the customer the app's forms are filled in for.
    try {
      const record = await getFormRecordInfo(saved.id)
      if (record.customer_id) this.becomeCurrent(session, await customerInfo(record.customer_id))
    } catch {
      // The notice is saved; she is found in the picker.
    }
    return saved
  }

  /** Sends the notice with her file updated in its transaction; her details shown afresh once saved. */
  private async sendWithUpdate(body: SaveFormBody, update: CustomerSaveBody) {
    const { id: _id, request_id: _requestId, ...customer_update } = update
    const saved = await saveForm({ ...body, customer_update })
    this.update = null
    const session = this.page?.session
    try {
      if (session && body.customer_id !== undefined) this.becomeCurrent(session, await customerInfo(body.customer_id))
    } catch {
      // The notice and her file are saved; she is read afresh when next chosen.
    }
    return saved
  }

  /** The mother already here instead of a new one: the notice becomes hers, with her name and phone; the rest typed stays. */
  async forDuplicate() {
    const session = this.page?.session
    const duplicate = this.duplicate
    this.duplicate = null
    if (!session || !duplicate) return
    try {
      const her = await customerInfo(duplicate.id, { loading: true, showError: true })
      this.becomeCurrent(session, her)
      session.setValue('customer_name', her.name)
      session.setValue('phone', her.phone ?? '')
    } catch {
      // The request layer has said why; the notice stays a new arrival's, as typed.
    }
  }

  /** Keeps the notice a new arrival's, to be changed and saved again. */
  dismissDuplicate() {
    this.duplicate = null
  }

  /** She becomes the current customer, whom the page's new records are for too. */
  private becomeCurrent(session: FormSession, her: CustomerDetails) {
    runInAction(() => {
      this.select(her)
      if (this.page) this.page.customer = her
      session.customer = sessionCustomer(her)
    })
  }

  /** A blank notice for a new arrival (no mother chosen for it). */
  newArrival() {
    return this.page?.start({ fresh: true, noCustomer: true })
  }
}
