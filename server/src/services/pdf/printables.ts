import type { Db } from '../../db/types.js'
import { centreNow, centreToday, type CentreZone } from '../../lib/dates.js'
import { formByName } from '@yuezi/contract/forms/index'
import { FORM_PAGES } from '@yuezi/contract/forms/definitions/pages'
import { inbound, specialCare } from '@yuezi/contract/forms/definitions/stock'
import type { Field, FormData, FormDefinition, OptionsSource } from '@yuezi/contract/forms/types'
import { fieldsOf } from '@yuezi/contract/forms/validate'
import { flagsOf } from '@yuezi/contract/forms/ranges'
import { getCustomer, siteCustomer } from '../../repositories/customers.js'
import { findFormRecord } from '../../repositories/formRecords.js'
import { inboundReads } from '../../repositories/inbound.js'
import { outApplyReads } from '../../repositories/outApply.js'
import { listDepartments, listStayPackages } from '../../repositories/siteLists.js'
import { specialCareReads } from '../../repositories/specialCare.js'
import { batchesByIds, listGiftTypes, listPackages, productNames } from '../../repositories/stock.js'
import { getAnswer } from '../../repositories/checkNotice.js'
import { BILL_NAME } from '../accessLog.js'
import { customerBill } from '../customerFile.js'
import { flagsOfRecords } from '../flags.js'
import { asCurrent } from '../formRecords.js'
import { OUT_APPLY_FORMS } from '../orders/index.js'
import type { Names, Printable, Translators } from './document.js'
import type { PdfKind } from './link.js'

// What each kind of saved record prints: read with the site's scope, its fields named as the form
// names them.

/** The form an acknowledgement of the check-in rules follows. */
const ACKNOWLEDGEMENT_FORM = '入住须知'

export interface Site extends CentreZone {
  id: number
  name: string
}

/** A record to print and its number (the file is named after the title and the number). */
export interface Found {
  printable: Printable
  number: string
  /** The customer the record belongs to (none for a record of the site): the access log files its opens under her. */
  customerId: number | null
}

type Load = (db: Db, site: Site, id: number, t: Translators, lang: Printable['lang']) => Promise<Found | undefined>

const at = (site: CentreZone, when: string | Date | null | undefined) => (when ? centreNow(site, new Date(when)) : '')
const byWhom = (site: CentreZone, name: string | null | undefined, when: string | Date | null | undefined) =>
  [name ?? '', at(site, when)].filter(Boolean).join('  ')

/** The ids a form's fields (rows' included) hold of one option source. */
function idsOf(fields: Field[], data: FormData, source: OptionsSource): number[] {
  return fields.flatMap((field) => {
    const value = data[field.key]
    if (field.type === 'rows' && Array.isArray(value)) {
      return value.flatMap((row) =>
        row && typeof row === 'object' ? idsOf(field.rows ?? [], row as FormData, source) : [],
      )
    }
    if (field.optionsSource !== source) return []
    return (Array.isArray(value) ? value : [value]).filter((id): id is number => typeof id === 'number')
  })
}

/** The names a care record's pickers show, read from the site's lists. */
async function siteNames(db: Db, siteId: number, definition: FormDefinition, data: FormData): Promise<Names> {
  const fields = fieldsOf(definition)
  const needs = (source: OptionsSource) => idsOf(fields, data, source)
  const names: Names = {}
  if (needs('departmentList').length) {
    names.departmentList = new Map((await listDepartments(db, siteId)).map((d) => [d.id, d.name]))
  }
  if (needs('giftTypeList').length)
    names.giftTypeList = new Map((await listGiftTypes(db, siteId)).map((g) => [g.id, g.name]))
  if (needs('productPackageList').length) {
    names.productPackageList = new Map((await listPackages(db, siteId)).map((p) => [p.id, p.name]))
  }
  if (needs('stayPackageList').length) {
    names.stayPackageList = new Map((await listStayPackages(db, siteId)).map((p) => [p.id, p.name]))
  }
  const productIds = [...needs('productList'), ...needs('selfPaidProductList')]
  if (productIds.length) names.productList = await productNames(db, siteId, productIds)
  if (needs('getProductBatch').length) {
    const batches = await batchesByIds(db, siteId, needs('getProductBatch'))
    names.getProductBatch = new Map(
      [...batches].map(([id, b]) => [id, { batch_no: b.batch_no, expiry_date: b.expiry_date }]),
    )
  }
  return names
}

/** A record of the form `definition` at the site, printed now. */
const printableOf = (
  site: Site,
  lang: Printable['lang'],
  t: Translators,
  definition: FormDefinition,
  parts: Pick<Printable, 'facts' | 'data' | 'names'> & Partial<Pick<Printable, 'intro' | 'closing' | 'signLines'>>,
): Printable => ({
  lang,
  siteName: site.name,
  title: t.forms(definition.titleKey),
  definition,
  printedAt: at(site, new Date()),
  ...parts,
})

const made = (
  site: CentreZone,
  t: Translators,
  row: { created_by_name: string; created_at: string | Date; updated_by_name: string; updated_at: string | Date },
): [string, string][] => [
  [t.server('pdf.created'), byWhom(site, row.created_by_name, row.created_at)],
  [t.server('pdf.updated'), byWhom(site, row.updated_by_name, row.updated_at)],
]

const customerFacts = (
  t: Translators,
  name: string | null | undefined,
  room: string | null | undefined,
): [string, string][] =>
  name
    ? [
        [t.server('pdf.customer'), name],
        [t.server('pdf.room'), room ?? ''],
      ]
    : []

const loadRecord: Load = async (db, site, id, t, lang) => {
  const found = await findFormRecord(db, site.id, id)
  const record = found && asCurrent(found)
  const definition = record && formByName(record.name)
  if (!record || !definition) return undefined
  const customer =
    record.customer_id === null ? undefined : await getCustomer(db, site.id, record.customer_id, centreToday(site))
  const names = await siteNames(db, site.id, definition, record.data)
  names.customer = record.customer_name ?? undefined
  names.babies = new Map((customer?.children ?? []).map((child) => [child.id, child.name]))
  const number = String(record.id)
  const facts: Printable['facts'] = [
    [t.server('pdf.number'), number],
    ...customerFacts(t, record.customer_name, record.room),
    ...made(site, t, record),
  ]
  const [flags] = await flagsOfRecords(db, site.id, [record])
  const printable = printableOf(site, lang, t, definition, { facts, data: record.data, names })
  return { number, printable: { ...printable, flags }, customerId: record.customer_id }
}

const loadAnswer: Load = async (db, site, id, t, lang) => {
  const answer = await getAnswer(db, site.id, id)
  const definition = formByName(ACKNOWLEDGEMENT_FORM)!
  if (!answer) return undefined
  const number = String(answer.id)
  const facts: Printable['facts'] = [
    [t.server('pdf.number'), number],
    ...customerFacts(t, answer.customer_name, answer.room),
    ...made(site, t, answer),
  ]
  const intro = { title: t.server('pdf.rules', { title: answer.title, version: answer.version }), text: answer.content }
  const names = { customer: answer.customer_name }
  const printable = printableOf(site, lang, t, definition, { facts, intro, data: answer.data, names })
  return { number, printable, customerId: answer.customer_id }
}

type Order =
  | NonNullable<Awaited<ReturnType<typeof specialCareReads.get>>>
  | NonNullable<Awaited<ReturnType<typeof outApplyReads.get>>>
  | NonNullable<Awaited<ReturnType<typeof inboundReads.get>>>

/** An order's status, who checked it and when, the reason; its items' names and batches from the order itself. */
function orderParts(site: CentreZone, t: Translators, order: Order) {
  const checked: [string, string][] = order.checked_by_name
    ? [
        [
          t.server(order.status === 'rejected' ? 'pdf.rejectedBy' : 'pdf.approvedBy'),
          byWhom(site, order.checked_by_name, order.checked_at),
        ],
      ]
    : []
  const reversed: [string, string][] = order.reversed_by_name
    ? [[t.server('pdf.reversedBy'), byWhom(site, order.reversed_by_name, order.reversed_at)]]
    : []
  // Goods received belong to no customer.
  const customer = 'customer_name' in order ? order : { customer_name: null, room: null }
  const facts: [string, string][] = [
    [t.server('pdf.number'), order.no],
    ...customerFacts(t, customer.customer_name, customer.room),
    [t.server('pdf.status'), t.server(`pdf.status.${order.status}`)],
    ...made(site, t, order),
    ...checked,
    ...reversed,
    ...(order.reason ? [[t.server('pdf.reason'), order.reason] as [string, string]] : []),
  ]
  const names: Names = {
    customer: customer.customer_name ?? undefined,
    productList: new Map(order.items.map((item) => [item.product_id, item.product_name])),
    productSpecs: new Map(order.items.map((item) => [item.product_id, item.spec])),
    getProductBatch: new Map(
      order.items.flatMap((item) =>
        item.batch_id === null ? [] : [[item.batch_id, { batch_no: item.batch_no, expiry_date: item.expiry_date }]],
      ),
    ),
  }
  const closing = [
    t.server('pdf.totals', { count: order.item_count, quantity: order.total_quantity, total: order.total.toFixed(2) }),
  ]
  return { facts, names, closing }
}

const loadOutApply: Load = async (db, site, id, t, lang) => {
  const order = await outApplyReads.get(db, site.id, id, centreToday(site))
  if (!order) return undefined
  const definition = OUT_APPLY_FORMS[order.type]
  const { facts, names, closing } = orderParts(site, t, order)
  if (order.department_id !== null) names.departmentList = new Map([[order.department_id, order.department_name ?? '']])
  if (order.gift_type_id !== null) names.giftTypeList = new Map([[order.gift_type_id, order.gift_type_name ?? '']])
  const data: FormData = {
    department_id: order.department_id,
    requester: order.requester,
    customer_id: order.customer_id,
    gift_type_id: order.gift_type_id,
    apply_date: order.apply_date,
    items: order.items.map(({ product_id, batch_id, quantity }) => ({ product_id, batch_id, quantity })),
    remark: order.remark,
  }
  const signLines = [t.server('pdf.sign.requester'), t.server('pdf.sign.checker'), t.server('pdf.sign.handler')]
  const printable = printableOf(site, lang, t, definition, { facts, data, names, closing, signLines })
  return { number: order.no, printable, customerId: order.customer_id }
}

const loadSpecialCare: Load = async (db, site, id, t, lang) => {
  const order = await specialCareReads.get(db, site.id, id, centreToday(site))
  if (!order) return undefined
  const customer = await siteCustomer(db, site.id, order.customer_id)
  const { facts, names, closing } = orderParts(site, t, order)
  const data: FormData = {
    customer_id: order.customer_id,
    room: order.room,
    consume_date: order.consume_date,
    items: order.items.map(({ product_id, batch_id, quantity, price, subtotal }) => ({
      product_id,
      batch_id,
      quantity,
      price,
      subtotal,
    })),
    total: order.total,
    remark: order.remark,
    signature: order.signature,
  }
  const printable = printableOf(site, lang, t, specialCare, { facts, data, names, closing })
  // Charged to a room other than hers, the order is marked, as the form marks it.
  const flags = flagsOf(specialCare, data, { room: customer?.room })
  return { number: order.no, printable: { ...printable, flags }, customerId: order.customer_id }
}

/** What a row of an inbound order holds: the columns of its form's rows. */
const INBOUND_ROW_KEYS = fieldsOf(inbound)
  .flatMap((field) => field.rows ?? [])
  .map((field) => field.key as keyof NonNullable<Awaited<ReturnType<typeof inboundReads.get>>>['items'][number])

const loadInbound: Load = async (db, site, id, t, lang) => {
  const order = await inboundReads.get(db, site.id, id, centreToday(site))
  if (!order) return undefined
  const { facts, names, closing } = orderParts(site, t, order)
  const data: FormData = {
    supplier: order.supplier,
    inbound_date: order.inbound_date,
    items: order.items.map((item) => Object.fromEntries(INBOUND_ROW_KEYS.map((key) => [key, item[key]]))),
    remark: order.remark,
  }
  const signLines = [t.server('pdf.sign.checker'), t.server('pdf.sign.handler')]
  const printable = printableOf(site, lang, t, inbound, { facts, data, names, closing, signLines })
  return { number: order.no, printable, customerId: null }
}

/** Her bill laid out as a form: her self-paid items and her family's meal orders, each a table. */
const BILL: FormDefinition = {
  name: BILL_NAME,
  titleKey: 'pdf.bill',
  route: '',
  sections: [
    {
      titleKey: FORM_PAGES.specialCare.titleKey,
      fields: [
        {
          key: 'items',
          type: 'rows',
          labelKey: FORM_PAGES.specialCare.titleKey,
          rows: [
            { key: 'date', type: 'date', labelKey: 'form.field.consume_date' },
            { key: 'product', type: 'text', labelKey: 'form.field.product_id' },
            { key: 'spec', type: 'text', labelKey: 'form.field.specification' },
            { key: 'quantity', type: 'number' },
            { key: 'price', type: 'money' },
            { key: 'amount', type: 'money', labelKey: 'form.field.subtotal' },
          ],
        },
      ],
    },
    {
      titleKey: FORM_PAGES.familyFood.titleKey,
      fields: [
        {
          key: 'meals',
          type: 'rows',
          labelKey: FORM_PAGES.familyFood.titleKey,
          rows: [
            { key: 'date', type: 'date', labelKey: 'form.field.meal_date' },
            { key: 'breakfast', type: 'number' },
            { key: 'lunch', type: 'number' },
            { key: 'dinner', type: 'number' },
            { key: 'amount', type: 'money' },
          ],
        },
      ],
    },
  ],
}

/** Her bill (the id is hers): what she owes for her stay, summed as her file sums it. */
const loadBill: Load = async (db, site, id, t, lang) => {
  const bill = await customerBill(db, site.id, id, centreToday(site))
  if (!bill) return undefined
  const { customer, stay, owed } = bill
  const money = (amount: number) => amount.toFixed(2)
  const facts: Printable['facts'] = [
    ...customerFacts(t, customer.name, customer.room),
    [
      t.server('pdf.bill.stay'),
      stay ? t.server('pdf.bill.days', { from: stay.check_in_date, to: stay.left_on ?? stay.leave_date }) : '',
    ],
  ]
  const closing = [
    t.server('pdf.bill.selfPaid', { amount: money(owed.self_paid) }),
    t.server('pdf.bill.meals', { amount: money(owed.meals) }),
    t.server('pdf.bill.total', { amount: money(owed.total) }),
  ]
  const data: FormData = { items: bill.items as unknown as FormData[], meals: bill.meals as unknown as FormData[] }
  const printable = printableOf(site, lang, t, BILL, { facts, data, names: {}, closing })
  return { number: customer.name, printable: { ...printable, title: t.server('pdf.bill') }, customerId: customer.id }
}

export const LOADERS: Record<PdfKind, Load> = {
  record: loadRecord,
  answer: loadAnswer,
  outApply: loadOutApply,
  specialCare: loadSpecialCare,
  inbound: loadInbound,
  bill: loadBill,
}
