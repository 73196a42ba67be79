// One open form: its values, the messages shown next to its fields, its draft on the device and
// its save. The renderer draws a FormDefinition from one of these; the pages make them.
// Imported by the form pages only, so it ships in the pagesHome subpackage (not in stores/index).
import { makeAutoObservable, runInAction, toJS } from 'mobx'
import { RequestError } from '@/api/request'
import { uploadLinks } from '@/api/uploads'
import type { Baby, Customer, FormRecord, Saved, ServerFieldError } from '@/api/types'
import { fieldErrorMessage } from '@yuezi/contract/forms/messages'
import type { ComputeContext, Field, FieldError, FormData, FormDefinition } from '@yuezi/contract/forms/types'
import { initialValues, latestFieldsOf } from '@yuezi/contract/forms/initial'
import {
  fieldsOf,
  futureDateErrors,
  isEmpty,
  namingBaby,
  validateField,
  validateForm,
  withComputed,
} from '@yuezi/contract/forms/validate'
import {
  flagsOf,
  gateErrors,
  GATE_RULES,
  type RangeContext,
  type RangeFlag,
  type VisitPolicy,
} from '@yuezi/contract/forms/ranges'
import { centreClock } from '@/stores/centreClock'
import { t } from '@/i18n'
import { draftKey, newRequestId, readDraft, removeDraft, writeDraft } from './draft'
import { sessionStore, workingDateStore } from '@/stores'

/** Writes of the draft are at most this often while typing (ms). */
export const DRAFT_DELAY = 300

/** The customer a form is filled in for, with what its computed fields read. */
export interface SessionCustomer {
  id: number
  name: string
  room?: string | null
  phone?: string
  delivery_date?: string | null
  children: Baby[]
  /** Her stay, for the day N of M beside her name. */
  stay?: Customer['stay']
}

export type SaveResult =
  | { status: 'saved'; id: number }
  /** The form's own rules refused it: the messages are next to `count` fields, `message` the first's. */
  | { status: 'invalid'; message: string; count: number }
  /** The server refused fields (code -1): their messages are next to `count` fields, `message` the first's. */
  | { status: 'refused'; message: string; count: number }
  /** Server error or no network: everything is kept, a retry sends the same request_id. */
  | { status: 'failed'; message: string; code: number }

/** A message next to a field: a rule of the definition (translated when shown), or the server's text. */
type ShownError = FieldError | string

/** Sends one save; the page decides where (saveForm, answerSave). */
export type SaveCall = (body: { data: FormData; id?: number; request_id: string }) => Promise<Saved>

const isRecord = (value: unknown): value is FormData => !!value && typeof value === 'object' && !Array.isArray(value)

/** The values of `fields` as sent: known, not computed, not empty; rows cleaned row by row. */
function clean(fields: Field[], values: FormData): FormData {
  const result: FormData = {}
  for (const field of fields) {
    const value = values[field.key]
    if (field.type === 'computed' || isEmpty(value)) continue
    if (field.type === 'rows' && Array.isArray(value)) {
      result[field.key] = value.map((row) => (isRecord(row) ? clean(field.rows ?? [], row) : row))
    } else {
      result[field.key] = value
    }
  }
  return result
}

/** Every string of a value (a form's values, a row, a list of photos), through `change`. */
function mapStrings(value: unknown, change: (text: string) => string): unknown {
  if (typeof value === 'string') return change(value)
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, change))
  if (isRecord(value))
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, change)]))
  return value
}

/** The message of an error as shown next to its field: a row's field without the row prefix. */
export function shortMessage(error: FieldError): string {
  const last = error.path.split('.').pop() ?? error.path
  return fieldErrorMessage({ ...error, path: last }, t)
}

export class FormSession {
  readonly definition: FormDefinition
  /** What has been typed, by field key; rows are arrays of row objects. */
  values: FormData = {}
  /** Messages next to fields, by path (`temperature`, `medicines.0.dose`). */
  errors: Record<string, ShownError> = {}
  customer: SessionCustomer | null
  /** The record being edited; null for a new one. */
  recordId: number | null = null
  /** The loaded record (who created and changed it, when). */
  record: FormRecord | null = null
  /** Kept with the draft; a new one only after a successful save. */
  requestId = newRequestId()
  saving = false
  /** Typed since the last load or save (a draft exists or is about to). */
  dirty = false
  /** The values came from a draft left on the device. */
  restored = false
  /** Rules beyond the definition's (the stock of the chosen batches): checked on blur and on save. */
  extraRules: ((data: FormData) => FieldError[])[] = []

  constructor(definition: FormDefinition, customer: SessionCustomer | null) {
    this.definition = definition
    this.customer = customer
    makeAutoObservable(this, { definition: false, extraRules: false }, { autoBind: true })
    // What the app already knows (the customer, the staff member, the working date), as the
    // definition declares it; a record or draft opened over it replaces it whole.
    this.values = initialValues(definition, { today: workingDateStore.today, customer, staff: sessionStore.userInfo })
    this.prefill()
  }

  // ------------------------------------------------------------------------------------------
  // Reading

  /** What computed fields read: the working date, the customer, and the site (a place's distance is counted from it). */
  get context(): ComputeContext {
    return {
      today: workingDateStore.today,
      customer: this.customer ? { delivery_date: this.customer.delivery_date ?? null } : null,
      children: this.customer?.children ?? [],
      site: sessionStore.userInfo?.site_location ?? null,
    }
  }

  /**
   * What the centre's ranges read: its visiting hours, her babies, when the values were taken
   * (the saved record's time, else now), and her room.
   */
  get rangeContext(): RangeContext {
    const saved = this.record?.created_at
    return {
      visitHours: sessionStore.userInfo?.visit_rules ?? null,
      children: this.customer?.children ?? [],
      today: workingDateStore.today,
      time: (saved ? centreClock.dateTime(saved) : centreClock.now()).slice(11, 16),
      room: this.customer?.room,
    }
  }

  /** What the centre does with a visit outside its rules. */
  get visitPolicy(): VisitPolicy {
    return sessionStore.userInfo?.visit_rules?.policy ?? 'reason'
  }

  /** The values outside the centre's ranges, as typed: each is marked next to its field. */
  get flags(): RangeFlag[] {
    return flagsOf(this.definition, this.payload(), this.rangeContext)
  }

  flagAt(path: string): RangeFlag | undefined {
    return this.flags.find((flag) => flag.path === path)
  }

  /** A visit outside the centre's rules that it lets in with a reason: the reason field shows, required. */
  get needsReason(): boolean {
    return this.visitPolicy === 'reason' && this.flags.some((flag) => GATE_RULES.includes(flag.rule))
  }

  /** The values with every computed field computed (what computed fields show). */
  get data(): FormData {
    return withComputed(this.definition, toJS(this.values), this.context)
  }

  get isNew() {
    return this.recordId === null
  }

  /** The draft's storage key: per account, form and customer, and per record when one is edited. */
  get draftKey(): string | null {
    return draftKey(sessionStore.userInfo?.id, this.definition.name, this.customer?.id, this.recordId)
  }

  /** The value at a path (`key` or `rows.index.key`). */
  valueAt(path: string): unknown {
    const [key, index, sub] = path.split('.')
    const value = this.values[key]
    if (index === undefined) return value
    const row = Array.isArray(value) ? value[Number(index)] : undefined
    return isRecord(row) ? row[sub] : undefined
  }

  /** A computed field's value at a path. */
  computedAt(path: string): unknown {
    const [key, index, sub] = path.split('.')
    const data = this.data
    if (index === undefined) return data[key]
    const rows = data[key]
    const row = Array.isArray(rows) ? rows[Number(index)] : undefined
    return isRecord(row) ? row[sub] : undefined
  }

  /** The message next to a field, in the chosen language. */
  errorText(path: string): string | undefined {
    const error = this.errors[path]
    if (error === undefined) return undefined
    return typeof error === 'string' ? error : shortMessage(error)
  }

  /** The values as saveForm takes them. */
  payload(): FormData {
    return clean(fieldsOf(this.definition), toJS(this.values))
  }

  // ------------------------------------------------------------------------------------------
  // Typing

  /** Sets a value (undefined or '' removes it); the messages shown are checked again. */
  setValue(path: string, value: unknown) {
    const [key, index, sub] = path.split('.')
    const empty = value === undefined || value === ''
    if (index === undefined) {
      if (empty) delete this.values[key]
      else this.values[key] = value
    } else {
      const rows = this.values[key]
      const row = Array.isArray(rows) ? rows[Number(index)] : undefined
      if (!isRecord(row)) return
      if (empty) delete row[sub]
      else row[sub] = value
    }
    this.touch()
    this.recheck(path)
  }

  addRow(key: string) {
    const rows = this.values[key]
    this.values[key] = [...(Array.isArray(rows) ? rows : []), {}]
    this.touch()
    this.recheck(key)
  }

  removeRow(key: string, index: number) {
    const rows = this.values[key]
    if (!Array.isArray(rows)) return
    const next = rows.filter((_, i) => i !== index)
    if (next.length) this.values[key] = next
    else delete this.values[key]
    this.touch()
    // The rows after it moved up: messages shown for the field are worked out again.
    const shown = Object.keys(this.errors).filter((path) => path === key || path.startsWith(`${key}.`))
    if (shown.length) {
      shown.forEach((path) => delete this.errors[path])
      for (const error of validateField(this.definition, key, this.data)) this.errors[error.path] = error
    }
  }

  /** Validation on blur: the field's message appears, or goes. */
  blur(path: string) {
    this.check(path)
  }

  private check(path: string) {
    const key = path.split('.')[0]
    const data = this.checkedData()
    const error = [...validateField(this.definition, key, data), ...this.extraErrors(data)].find((e) => e.path === path)
    if (error) this.errors[path] = error
    else delete this.errors[path]
  }

  /**
   * After a change, every message shown is worked out again, on every form: one whose field has
   * become valid goes at once (a row added, an item chosen), one still wrong says what is wrong now,
   * and none is added (a field is first marked on blur or save). The server's words go when their field changes.
   */
  private recheck(changed: string) {
    if (!Object.keys(this.errors).length) return
    const data = this.checkedData()
    const now = new Map<string, FieldError>()
    for (const error of [...validateForm(this.definition, data), ...this.extraErrors(data)]) {
      const frame = this.frameOf(error.path)
      if (frame !== undefined && !now.has(frame)) now.set(frame, error)
    }
    const touched = (frame: string) =>
      frame === changed || frame.startsWith(`${changed}.`) || changed.startsWith(`${frame}.`)
    for (const [frame, shown] of Object.entries(this.errors)) {
      if (typeof shown === 'string' && !touched(frame)) continue
      const error = now.get(frame)
      if (error) this.errors[frame] = error
      else delete this.errors[frame]
    }
  }

  private extraErrors(data: FormData): FieldError[] {
    return [
      ...this.extraRules.flatMap((rule) => rule(data)),
      ...futureDateErrors(this.definition, data, centreClock.today()),
      ...gateErrors(this.definition, data, this.rangeContext, this.visitPolicy),
    ]
  }

  /** What the rules check: the values as they will be sent. */
  private checkedData(): FormData {
    return this.payload()
  }

  /** Every rule; the messages go next to their fields. Returns the errors shown, in the form's order. */
  validate(): FieldError[] {
    const data = this.checkedData()
    this.show(
      [...validateForm(this.definition, data), ...this.extraErrors(data)].map((error) => ({ path: error.path, error })),
    )
    return Object.values(this.errors).filter((error): error is FieldError => typeof error !== 'string')
  }

  /**
   * The frame a message is shown in: the field's own, a row field's in a row on screen, else the
   * frame of its rows (a whole row refused); none for a key the form does not draw.
   */
  private frameOf(path: string): string | undefined {
    const [key, index, sub] = path.split('.')
    const field = fieldsOf(this.definition).find((f) => f.key === key)
    if (!field || index === undefined) return field?.key
    const rows = this.values[key]
    const inRow = Array.isArray(rows) && Number(index) < rows.length && field.rows?.some((f) => f.key === sub)
    return inRow && path === `${key}.${index}.${sub}` ? path : key
  }

  /** Every frame the form draws, top to bottom. */
  private frames(): string[] {
    return fieldsOf(this.definition).flatMap((field) => {
      const rows = this.values[field.key]
      if (field.type !== 'rows' || !Array.isArray(rows)) return [field.key]
      return [field.key, ...rows.flatMap((_, i) => (field.rows ?? []).map((sub) => `${field.key}.${i}.${sub.key}`))]
    })
  }

  /**
   * Puts each message next to the frame that shows it, one a frame (the first), in the form's
   * order: what is counted and scrolled to is exactly what is marked.
   */
  private show(errors: { path: string; error: ShownError }[]) {
    const byFrame = new Map<string, ShownError>()
    for (const { path, error } of errors) {
      const frame = this.frameOf(path)
      if (frame !== undefined && !byFrame.has(frame)) byFrame.set(frame, error)
    }
    const shown: Record<string, ShownError> = {}
    for (const frame of this.frames()) if (byFrame.has(frame)) shown[frame] = byFrame.get(frame)!
    this.errors = shown
  }

  /** How many fields are marked, and the first one's message in full (its row, or a twin, named). */
  private marked(): { count: number; message: string } {
    const [path, error] = Object.entries(this.errors)[0] ?? []
    const children = this.customer?.children ?? []
    const message =
      error === undefined
        ? ''
        : typeof error === 'string'
          ? error
          : fieldErrorMessage(namingBaby(this.definition, this.values, children, { ...error, path: path! }), t)
    return { count: Object.keys(this.errors).length, message }
  }

  // ------------------------------------------------------------------------------------------
  // Records and drafts

  /** The customer fields hold the form's customer. */
  private prefill() {
    if (!this.customer) return
    for (const field of fieldsOf(this.definition)) {
      if (field.type === 'customer' && isEmpty(this.values[field.key])) this.values[field.key] = this.customer.id
    }
  }

  /** Known, non-computed fields only: a record or draft of an older definition may hold others. */
  private known(values: FormData): FormData {
    const result: FormData = {}
    for (const field of fieldsOf(this.definition)) {
      if (field.type !== 'computed' && field.key in values) result[field.key] = values[field.key]
    }
    return result
  }

  /** Edits an existing record. */
  loadRecord(record: FormRecord) {
    this.loadSaved(record.id, record.data ?? {})
    this.record = record
  }

  /** Edits what is saved under `id` (a record, or her details): its values; a save sends the id. */
  loadSaved(id: number, data: FormData) {
    this.values = this.known(data)
    this.record = null
    this.recordId = id
    this.errors = {}
    this.dirty = false
    this.restored = false
    this.prefill()
  }

  /** A new record's fields that start from the site's latest record of the form (a round's doctor). */
  startFromLatest(latest: FormData) {
    const values = initialValues(this.definition, { today: workingDateStore.today, latest })
    for (const key of latestFieldsOf(this.definition)) if (key in values) this.values[key] = values[key]
  }

  /** Who created and changed the record, and when (after a save), without touching the values. */
  setRecordInfo(record: FormRecord) {
    if (record.id === this.recordId) this.record = record
  }

  /** Restores the draft left on the device, if any (over a loaded record). */
  restoreDraft(): boolean {
    const draft = readDraft(this.draftKey)
    if (!draft) return false
    this.values = this.known(draft.values)
    if (draft.request_id) this.requestId = draft.request_id
    this.dirty = true
    this.restored = true
    this.prefill()
    return true
  }

  /**
   * The photos and signatures of a restored draft, shown through fresh links: the ones it kept
   * have expired. Offline, the draft stays as it was; its save still sends what it refers to.
   */
  async renewUploadLinks() {
    const urls: string[] = []
    mapStrings(toJS(this.values), (text) => {
      if (text.includes('/uploads/') && !urls.includes(text)) urls.push(text)
      return text
    })
    if (!urls.length) return
    let renewed: (string | null)[]
    try {
      renewed = await uploadLinks(urls)
    } catch {
      return
    }
    const fresh = new Map(urls.map((url, i) => [url, renewed[i] ?? url]))
    runInAction(() => {
      this.values = mapStrings(toJS(this.values), (text) => fresh.get(text) ?? text) as FormData
    })
  }

  private timer: ReturnType<typeof setTimeout> | null = null

  private touch() {
    this.dirty = true
    if (this.timer === null) this.timer = setTimeout(this.flushDraft, DRAFT_DELAY)
  }

  /** Writes the draft now (while typing it is written at most every DRAFT_DELAY ms). */
  flushDraft() {
    if (this.timer !== null) {
      clearTimeout(this.timer)
      this.timer = null
    }
    if (!this.dirty) return
    writeDraft(this.draftKey, {
      values: toJS(this.values),
      request_id: this.requestId,
      record_id: this.recordId,
      saved_at: new Date().toISOString(),
    })
  }

  /** Throws away what was typed (the draft included). */
  discardDraft() {
    if (this.timer !== null) {
      clearTimeout(this.timer)
      this.timer = null
    }
    removeDraft(this.draftKey)
    this.dirty = false
    this.restored = false
  }

  /** Leaves the form: what is typed stays on the device. */
  dispose() {
    this.flushDraft()
  }

  // ------------------------------------------------------------------------------------------
  // Saving

  /**
   * Validates and sends. Saved: the draft is gone and the session edits the saved record.
   * Refused or failed: everything stays (on the device too) and a retry sends the same request_id.
   */
  async save(send: SaveCall): Promise<SaveResult> {
    if (this.saving) return { status: 'failed', message: '', code: 0 }
    // What was typed is on the device at once, refused or sent.
    this.flushDraft()
    if (this.validate().length) return { status: 'invalid', ...this.marked() }
    this.saving = true
    const key = this.draftKey
    try {
      const body = { data: this.payload(), request_id: this.requestId, ...(this.recordId ? { id: this.recordId } : {}) }
      const { id } = await send(body)
      runInAction(() => {
        removeDraft(key)
        this.recordId = id
        this.requestId = newRequestId()
        this.dirty = false
        this.restored = false
        this.errors = {}
      })
      return { status: 'saved', id }
    } catch (error) {
      return runInAction(() => this.failed(error))
    } finally {
      runInAction(() => (this.saving = false))
    }
  }

  private failed(error: unknown): SaveResult {
    const { code = 0, message = t('request.serverFault'), res } = error as Partial<RequestError>
    const fieldErrors = (res as { errors?: ServerFieldError[] } | undefined)?.errors
    if (error instanceof RequestError && Array.isArray(fieldErrors) && fieldErrors.length) {
      this.show(fieldErrors.map((e) => ({ path: e.path, error: e.message })))
      const marked = this.marked()
      // A refusal of nothing the form draws still says why.
      return { status: 'refused', count: marked.count, message: marked.message || fieldErrors[0].message || message }
    }
    return { status: 'failed', message, code }
  }
}
