// One form page: which session is open (a new record, a saved one, a draft), its loading, its
// save and delete with what the user is told, and the popup of the customer's saved records.
import Taro from '@tarojs/taro'
import { makeAutoObservable, runInAction } from 'mobx'
import { openServerFile, type ServerFile } from '@/api/files'
import type { Customer, FormRecord, Page, Saved } from '@/api/types'
import { featureByRoute } from '@/features/registry'
import type { FormDefinition } from '@yuezi/contract/forms/types'
import { t } from '@/i18n'
import { alert, confirm, toast } from '@/utils/feedback'
import { goHome } from '@/utils/navigation'
import { delFormRecord, getFormRecord, getFormRecordInfo, saveForm, type SaveFormBody } from '../api/formRecords'
import { formRecordExport, formRecordPdf } from '../api/formFiles'
import { fieldAnchor } from '../fieldAnchor'
import { formOptionsStore } from './formOptions'
import type { FormSession, SaveResult } from './formSession'
import { openFormStore } from './openForm'
import { openSession, type OpenOptions } from './openSession'
import { RecordHistory } from './recordHistory'

/** A page of a form's history: its customer's records (all of them for a form without one). */
export interface RecordsQuery {
  page: number
  limit: number
  customer_id?: number
}

/** Where a form's records are saved, read, listed, deleted and made PDFs of (care form records unless said otherwise). */
export interface FormBackend {
  send: (body: SaveFormBody) => Promise<Saved>
  load: (id: number) => Promise<FormRecord>
  list: (name: string, query: RecordsQuery) => Promise<Page<FormRecord>>
  remove: (id: number) => Promise<unknown>
  /** The record as a PDF; none for a kind the server does not print. */
  pdf?: (id: number) => Promise<ServerFile>
  /** The records the history lists, every page, as a spreadsheet; none for a kind the server does not export. */
  exportSheet?: (name: string, query: Omit<RecordsQuery, 'page' | 'limit'>) => Promise<ServerFile>
}

export const careRecords: FormBackend = {
  send: (body) => saveForm(body),
  load: (id) => getFormRecordInfo(id),
  list: (name, query) => getFormRecord({ name, ...query }),
  remove: (id) => delFormRecord(id),
  pdf: (id) => formRecordPdf({ id }),
  exportSheet: (name, query) => formRecordExport({ names: [name], ...query }),
}

export interface FormPageOptions {
  backend?: FormBackend
  /** Called with each session opened: extra rules, reactions; may answer its clean-up. */
  setup?: (session: FormSession) => void | (() => void)
  /** A loaded record that can only be read (an order no longer pending): no save, no delete. */
  readOnly?: (record: FormRecord) => boolean
  /** Asked before a save is sent (the check-in notice's mother): false keeps the form as it is. */
  beforeSave?: (session: FormSession) => Promise<boolean>
}

type Status = 'loading' | 'ready' | 'error'

/** The record id in the page's address (`?id=…`), when opened from a list. */
function idParam(): number | undefined {
  const id = Number(Taro.getCurrentInstance().router?.params?.id)
  return Number.isInteger(id) && id > 0 ? id : undefined
}

/**
 * H5: the page's address names the record shown (none for a new one), so that the app opened again
 * on it (back from a PDF that replaced it) shows that record, not a blank form. Only while the page
 * at `path` is the one shown.
 */
function showInAddress(path: string, id: number | null) {
  if (process.env.TARO_ENV !== 'h5' || window.location.pathname !== path) return
  const url = new URL(window.location.href)
  if (id) url.searchParams.set('id', String(id))
  else url.searchParams.delete('id')
  window.history.replaceState(window.history.state, '', url.href)
}

/** Scrolls the first field with a message into view. */
function scrollToFirstError(session: FormSession, offsetTop?: number) {
  const [path] = Object.keys(session.errors)
  if (!path) return
  try {
    Promise.resolve(
      Taro.pageScrollTo({
        selector: `#${fieldAnchor(path)}`,
        ...(offsetTop === undefined ? {} : { offsetTop }),
        duration: 200,
      }),
    ).catch(() => {})
  } catch {
    // not every runtime scrolls to a selector
  }
}

/** Tells the user how a save ended (a refused one scrolls to its first field); false unless saved. */
export function reportSave(result: SaveResult, session: FormSession, offsetTop?: number): boolean {
  switch (result.status) {
    case 'saved':
      toast(t('formUi.saved'), { long: true })
      return true
    case 'invalid':
    case 'refused':
      toast(
        result.count > 1 ? t('formUi.invalidMany', { message: result.message, count: result.count }) : result.message,
        { long: true },
      )
      scrollToFirstError(session, offsetTop)
      return false
    case 'failed':
      alert(t(result.code === 0 ? 'formUi.saveOffline' : 'formUi.saveFailed', { message: result.message }))
      return false
  }
}

/** The sticky header's offset when scrolling to a field (px). */
const HEADER_OFFSET = -80

export class FormPageStore {
  readonly definition: FormDefinition
  session: FormSession | null = null
  status: Status = 'loading'
  loadError = ''
  /** Opened by its address with no customer chosen: the customer picker is open. */
  choosingCustomer = false
  /** The mother chosen, whom a new record is for, as the page hands her. */
  customer: Customer | null = null
  /** The form's records for its customer (the history popup); a tap opens one. */
  readonly history: RecordHistory<FormRecord>
  private readonly backend: FormBackend
  private readonly options: FormPageOptions
  private lastOpen: OpenOptions = {}
  private cleanUp: (() => void) | null = null
  /** H5: the page's path in the browser's address. */
  private readonly path = process.env.TARO_ENV === 'h5' ? window.location.pathname : ''

  constructor(definition: FormDefinition, options: FormPageOptions = {}) {
    this.definition = definition
    this.options = options
    this.backend = options.backend ?? careRecords
    const { exportSheet } = this.backend
    this.history = new RecordHistory<FormRecord>(
      (page, limit) =>
        this.backend.list(this.definition.name, { customer_id: this.session?.customer?.id, page, limit }),
      (id) => this.start({ id }),
      exportSheet && (() => exportSheet(this.definition.name, { customer_id: this.session?.customer?.id })),
    )
    makeAutoObservable<this, 'backend' | 'options' | 'lastOpen' | 'cleanUp' | 'path'>(
      this,
      {
        definition: false,
        history: false,
        backend: false,
        options: false,
        lastOpen: false,
        cleanUp: false,
        path: false,
      },
      { autoBind: true },
    )
  }

  /** A saved record is open. */
  get editing() {
    return !!this.session && !this.session.isNew
  }

  /** The open record can only be read. */
  get locked() {
    const record = this.session?.record
    return !!record && !!this.options.readOnly?.(record)
  }

  /** The customer's babies (the history names the baby of each record of a form per baby). */
  get babies() {
    return this.session?.customer?.children ?? []
  }

  /** A new record can be started (while editing a saved one). */
  get canStartNew() {
    return this.editing
  }

  /**
   * The customer's record of a one-per-customer form, while a new one is open: a second one
   * would be refused, so the header offers to open it.
   */
  get existingRecord(): FormRecord | null {
    const record = openFormStore.formRecord
    if (!this.definition.onePerCustomer || !this.session?.isNew || !record) return null
    // A new notice for a mother who left books her next stay: hers to save, not the old one to open.
    const chosen = this.customer
    if (this.definition.admits && chosen?.id === this.session.customer?.id && chosen?.stay?.status === 'left')
      return null
    return record.name === this.definition.name && record.customer_id === this.session.customer?.id ? record : null
  }

  /** Opens the customer's record of a one-per-customer form. */
  openExisting() {
    const record = this.existingRecord
    if (record) this.start({ id: record.id })
  }

  /**
   * The page opened with `customer` chosen: it becomes the open form; a new record of a form for a
   * customer needs one (without, the customer picker opens first).
   */
  enter(customer: Customer | null) {
    this.customer = customer
    const feature = featureByRoute(this.definition.route)
    openFormStore.setFormName(this.definition.name)
    if (feature?.isMonth !== undefined) openFormStore.setIsMonth(feature.isMonth)
    formOptionsStore.reset()
    const id = idParam()
    // A form that admits its mother opens for a new arrival when none is chosen.
    if (!id && this.definition.needsCustomer && !this.definition.admits && !customer) {
      this.choosingCustomer = true
      return
    }
    this.start({ id })
    this.fetchExisting()
  }

  /** A one-per-customer form: the chosen customer's record of it, to offer while a new one is open. */
  private fetchExisting() {
    if (this.definition.onePerCustomer)
      openFormStore.fetchFormRecord(this.definition.name, this.customer?.id).catch(() => {})
  }

  /** Opens the customer picker over the form (to fill it in for another customer). */
  chooseCustomer() {
    this.choosingCustomer = true
  }

  /** The picker closed with `customer` chosen: the form opens for her; without one, the open form stays or home. */
  customerPicked(customer: Customer | null) {
    this.choosingCustomer = false
    this.customer = customer
    if (customer) this.start()
    else if (!this.session) goHome()
  }

  /** The page closed: what is typed stays on the device. */
  leave() {
    this.session?.dispose()
    this.cleanUp?.()
    this.cleanUp = null
  }

  /** Opens a record (or a new one). */
  async start(options: OpenOptions = {}) {
    this.lastOpen = options
    this.status = 'loading'
    this.loadError = ''
    this.leave()
    try {
      const next = await openSession(this.definition, { load: this.backend.load, customer: this.customer, ...options })
      runInAction(() => {
        this.cleanUp = this.options.setup?.(next) ?? null
        this.session = next
        this.status = 'ready'
      })
      showInAddress(this.path, next.recordId)
    } catch (error) {
      runInAction(() => {
        this.loadError = (error as Error).message
        this.status = 'error'
      })
    }
  }

  retry() {
    return this.start(this.lastOpen)
  }

  startNew() {
    return this.start({ fresh: true })
  }

  /** After a confirm, throws the restored draft away and opens what it was typed over (the record, or a new one). */
  async discardDraft() {
    const session = this.session
    if (!session?.restored) return
    if (!(await confirm(t('formUi.discardDraftConfirm'), { confirmText: t('formUi.discardDraft'), danger: true })))
      return
    session.discardDraft()
    await (session.recordId ? this.start({ id: session.recordId }) : this.start({ fresh: true }))
  }

  /** Writes the draft now (the app goes to the background). */
  flushDraft() {
    this.session?.flushDraft()
  }

  async save() {
    const session = this.session
    if (!session) return
    if (this.options.beforeSave && !(await this.options.beforeSave(session))) return
    const { definition } = this
    const result = await session.save((body) =>
      this.backend.send({
        name: definition.name,
        ...(session.customer ? { customer_id: session.customer.id } : {}),
        ...body,
      }),
    )
    if (!reportSave(result, session, HEADER_OFFSET) || result.status !== 'saved') return
    showInAddress(this.path, result.id)
    // Who and when, as the server now has them; a one-per-customer record becomes formRecord.
    this.backend
      .load(result.id)
      .then((record) => session.setRecordInfo(record))
      .catch(() => {})
    this.fetchExisting()
  }

  /** The saved record as a PDF, opened to print or forward (what is typed stays as it is). */
  exportPdf() {
    const id = this.session?.recordId
    const pdf = this.backend.pdf
    if (this.editing && id && pdf) openServerFile(() => pdf(id))
  }

  /** A saved record of a kind the server prints. */
  get canExportPdf() {
    return this.editing && this.backend.pdf !== undefined
  }

  async remove() {
    const session = this.session
    if (!session?.recordId) return
    if (!(await confirm(t('formUi.deleteConfirm'), { confirmText: t('formUi.delete'), danger: true }))) return
    try {
      await this.backend.remove(session.recordId)
    } catch {
      return // the request layer has said why
    }
    session.discardDraft()
    if (this.definition.onePerCustomer) openFormStore.clearRecord()
    toast(t('formUi.deleted'), { long: true })
    this.startNew()
  }
}
