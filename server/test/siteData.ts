import assert from 'node:assert/strict'
import { is, sql } from 'drizzle-orm'
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import * as schema from '../src/db/schema.js'
import { formDefinitions } from '@yuezi/contract/forms/index'
import type { FormDefinition } from '@yuezi/contract/forms/types'
import { medicineFieldsOf } from '../src/repositories/formRecords.js'
import type { ApiRoute, JsonSchema } from './apiRoutes.js'
import { definitionOf, SIGNATURE, validSample, type SampleRefs } from './formSamples.js'
import { addAccount, call, stockRefs, type StockRefs, type TestSite } from './helpers.js'

// A test site's rows as the tests that go over every route use them (fuzz, access): ids by what
// they are, bodies that each route accepts, and a fingerprint of every row of the site.

/** Ids of the site's rows, by what they are (see poolName). */
export type Pools = Record<string, number[]>

export interface SiteData {
  site: TestSite
  stock: StockRefs
  departmentIds: number[]
  pools: Pools
  /** The account whose password change_pwd and login_old bodies use. */
  login: { account: string; password: string }
}

/**
 * Rows of every kind in the site (made with addSite): a record of every form (text fields, when
 * `marker` is given, hold it), the medicines of the round records, and `orders` orders of each kind.
 */
export async function fillSite(
  app: FastifyInstance,
  site: TestSite,
  login: SiteData['login'],
  { orders = 3, marker }: { orders?: number; marker?: string } = {},
): Promise<SiteData> {
  const as = (url: string, body: object = {}) => call(app, url, body, { token: site.token })
  const departmentIds = (await as('/api/care/index/departmentList')).res.map((d: { id: number }) => d.id)
  const data: SiteData = { site, stock: await stockRefs(app, site.token), departmentIds, login, pools: {} }
  const pools: Pools = {
    customer: site.customers.map((c) => c.id),
    product: (await as('/api/care/index/productList', { limit: 100 })).res.list.map((p: { id: number }) => p.id),
    survey: [(await as('/api/care/index/getSurvey')).res.id],
    site: [site.siteId],
    department: departmentIds,
    giftType: (await as('/api/care/index/giftTypeList')).res.map((g: { id: number }) => g.id),
    room: (await as('/api/admin/rooms/list', { limit: 100 })).res.list.map((r: { id: number }) => r.id),
    package: (await as('/api/care/index/productPackageList')).res.map((p: { id: number }) => p.id),
    stayPackage: (await as('/api/care/index/stayPackageList')).res.map((p: { id: number }) => p.id),
    record: [],
    roundRecord: [],
    medicine: [],
    outApply: [],
    specialCare: [],
    inbound: [],
    batch: [data.stock.batchId],
    session: (await as('/api/care/account/sessions')).res.map((s: { id: number }) => s.id),
    // A staff member of its own for the administration's routes, which may end or reset her.
    account: [await staffMemberOf(app, site.siteId)],
  }
  data.pools = pools
  for (const definition of formDefinitions) {
    const body = saveFormBody(data, definition, 0)
    if (marker) markText(definition, body.data, marker)
    const saved = await as('/api/care/index/saveForm', body)
    assert.equal(saved.code, 1, `${definition.name}: ${saved.msg}`)
    // Round records are kept apart from the others, which delete routes may take: medicines need them.
    if (!medicineFieldsOf(definition)) pools.record.push(saved.res.id)
    else {
      pools.roundRecord.push(saved.res.id)
      const medicines = (await as('/api/care/index/medicineList', { record_id: saved.res.id })).res
      pools.medicine.push(...medicines.map((m: { id: number }) => m.id))
    }
  }
  for (let i = 0; i < orders; i++) {
    pools.outApply.push(
      (await as('/api/care/outApply/save', { ...outApplyBody(data, i), remark: marker ?? '备注' })).res.id,
    )
    pools.specialCare.push(
      (await as('/api/care/specialCare/save', { ...specialCareBody(data, i), remark: marker })).res.id,
    )
    pools.inbound.push((await as('/api/care/inbound/save', { ...inboundBody(data, i), remark: marker })).res.id)
  }
  return data
}

async function staffMemberOf(app: FastifyInstance, siteId: number): Promise<number> {
  const member = await addAccount(app, { siteIds: [siteId] })
  return (await call(app, '/api/care/account/login_old', member)).res.userInfo.id
}

/** Puts the marker in every plain text field of the form's data. */
function markText(definition: FormDefinition, data: Record<string, unknown>, marker: string) {
  for (const field of definition.sections.flatMap((s) => s.fields)) {
    // A field naming the customer keeps her name: a check-in notice must name the mother it is filed under.
    if (field.initial?.startsWith('customer.')) continue
    if ((field.type === 'text' || field.type === 'textarea') && typeof data[field.key] === 'string') {
      data[field.key] = marker.slice(0, field.maxLength ?? marker.length)
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Valid bodies

/** Picks from a list: the fuzz picks with numbers it generated, other tests take the first. */
export type Pick = <T>(list: readonly T[]) => T

export const picker = (numbers: number[]): Pick => {
  let next = 0
  return <T>(list: readonly T[]): T => list[numbers[next++ % numbers.length] % list.length]
}

const sampleRefs = ({ site, stock, departmentIds }: SiteData, n: number): SampleRefs => {
  const customer = site.customers[n % site.customers.length]
  return { customer, room: customer.room, departmentIds, stock }
}

export function saveFormBody(data: SiteData, definition: FormDefinition, n: number) {
  const refs = sampleRefs(data, n)
  return { name: definition.name, customer_id: refs.customer.id, data: validSample(definition, refs) }
}

const orderItem = ({ stock }: SiteData) => ({ product_id: stock.productId, batch_id: stock.batchId, quantity: 1 })
export const outApplyBody = (data: SiteData, n: number) =>
  n % 2
    ? {
        type: 'gift',
        customer_id: sampleRefs(data, n).customer.id,
        gift_type_id: data.stock.giftTypeId,
        items: [orderItem(data)],
      }
    : { type: 'general', department_id: data.departmentIds[n % data.departmentIds.length], items: [orderItem(data)] }
export const specialCareBody = (data: SiteData, n: number) => ({
  customer_id: sampleRefs(data, n).customer.id,
  items: [{ ...orderItem(data), price: 12.5 }],
  signature: SIGNATURE,
})

/** An inbound order of the site's product: every batch number it uses expires on the same day. */
export const inboundBody = ({ stock }: SiteData, n: number) => ({
  supplier: '供应商',
  items: [{ product_id: stock.productId, batch_no: `F${n % 5}`, expiry_date: '2999-12-31', quantity: 2, unit_cost: 3 }],
})

const CHECKS = [
  { approve: true },
  { approve: false, reason: '数量不对' },
  { reverse: true },
  { reverse: true, reason: '退回' },
]

/** Bodies that pass the route's rules (or meet its business rules), for the routes whose schema does not say enough. */
const VALID: Record<string, (data: SiteData, pick: Pick, n: number) => Record<string, unknown>> = {
  '/api/care/account/login_old': ({ login, site }, pick) => ({ ...login, ...pick([{}, { site_id: site.siteId }]) }),
  '/api/care/account/change_pwd': ({ login }, _pick, n) => ({ old_password: login.password, password: `fuzz${n}pass` }),
  '/api/care/account/info': ({ site }, pick) => pick([{}, { site_id: site.siteId }]),
  '/api/care/index/saveForm': (data, pick, n) => {
    const body: Record<string, unknown> = saveFormBody(data, pick(formDefinitions), n)
    return pick([body, { ...body, request_id: `fuzz-${n % 7}` }, { ...body, id: pick(data.pools.record) }])
  },
  '/api/care/index/answerSave': (data, pick, n) => {
    const refs = sampleRefs(data, n)
    return {
      customer_id: refs.customer.id,
      survey_id: pick(data.pools.survey),
      data: validSample(definitionOf('入住须知'), refs),
    }
  },
  '/api/care/index/medicineSave': ({ pools }, pick) => ({
    record_id: pick(pools.roundRecord),
    ...pick([{}, { id: pick(pools.medicine.length ? pools.medicine : [1]) }]),
    medicine: pick(['阿莫西林', '维生素D滴剂']),
    dose: '1粒',
    days: pick([3, 7]),
  }),
  '/api/care/outApply/save': (data, _pick, n) => outApplyBody(data, n),
  '/api/care/specialCare/save': (data, _pick, n) => specialCareBody(data, n),
  '/api/admin/rooms/save': (_data, pick, n) => ({
    floor: 7,
    room: `F${n}`,
    kind: pick(['standard', 'suite', 'deluxe']),
    in_service: pick(['yes', 'no']),
  }),
  '/api/admin/departments/save': (_data, _pick, n) => ({ name: `部门F${n}` }),
  '/api/admin/giftTypes/save': ({ pools }, pick, n) => ({ name: `礼包F${n}`, package_id: pick(pools.package) }),
  '/api/admin/products/save': (_data, pick, n) => ({
    name: `物品F${n}`,
    unit: '个',
    price: 1.5,
    category: '测试',
    self_paid: pick(['yes', 'no']),
  }),
  '/api/admin/packages/save': ({ pools }, pick, n) => ({
    name: `礼包包F${n}`,
    items: [{ product_id: pick(pools.product), quantity: 1 }],
  }),
  '/api/admin/stayPackages/save': (_data, pick, n) => ({
    name: `套餐F${n}`,
    days: pick([14, 28]),
    fee: 12800,
    includes: pick(['', '月子餐']),
  }),
  '/api/care/outApply/check': ({ pools }, pick) => ({ id: pick(pools.outApply), ...pick(CHECKS) }),
  '/api/care/specialCare/check': ({ pools }, pick) => ({ id: pick(pools.specialCare), ...pick(CHECKS) }),
  '/api/admin/staff/save': ({ site, pools }, pick, n) => {
    const sites = [{ site_id: site.siteId, rights: pick([[], ['approve'], ['approve', 'administer']]) }]
    return pick([
      { name: '新员工', account: `staff.${site.siteId}.${n}`, sites },
      { id: pick(pools.account), name: pick(['护士甲', '护士乙']), sites },
    ])
  },
  '/api/admin/site/save': (_data, pick) => ({
    name: pick(['本店', '本店二']),
    time_zone: 'Asia/Shanghai',
    ...pick([{}, { latitude: 31.23, longitude: 121.47 }]),
    radius: pick([200, 500]),
    ...pick([{}, { visit_from: '10:00', visit_to: '20:00' }]),
    creator_may_approve: pick([true, false]),
    upload_retention_days: 30,
    rules: pick(['入住须知第一版', '入住须知第二版']),
  }),
  '/api/care/inbound/save': (data, _pick, n) => inboundBody(data, n),
  '/api/care/customer/save': ({ pools }, pick, n) => {
    const customer = {
      customer_name: `新客户F${n}`,
      phone: `137${String(n).padStart(8, '0')}`,
      babies: [{ name: '宝宝F', sex: pick(['male', 'female']), birth_date: '2026-11-20', birth_time: '08:30' }],
    }
    const stay = {
      stay_kind: pick(['month', 'small']),
      check_in_date: '2026-11-22',
      days: pick([14, 28]),
      ...pick([{}, { package_id: pick(pools.stayPackage) }]),
    }
    return pick([
      { ...customer, ...stay, room: String(901 + (n % 20)) },
      { ...customer, id: pick(pools.customer) },
    ])
  },
  '/api/care/inbound/check': ({ pools }, pick) => ({ id: pick(pools.inbound), ...pick(CHECKS) }),
}

/** The pool of each of the centre's lists that the administration keeps (/api/admin/<kind>). */
const ADMIN_POOLS: Record<string, string> = {
  rooms: 'room',
  departments: 'department',
  giftTypes: 'giftType',
  products: 'product',
  packages: 'package',
  stayPackages: 'stayPackage',
}

/** The pool of what an id field of a route refers to, if known. */
export function poolName(url: string, key: string): string | undefined {
  const byField: Record<string, string> = {
    customer_id: 'customer',
    record_id: 'roundRecord',
    product_id: 'product',
    survey_id: 'survey',
    site_id: 'site',
    department_id: 'department',
    gift_type_id: 'giftType',
    package_id: 'package',
    session_id: 'session',
    batch_id: 'batch',
  }
  if (key === 'package_id' && url.includes('/customer/')) return 'stayPackage'
  if (key !== 'id') return byField[key]
  if (url.startsWith('/api/admin/staff/')) return 'account'
  const listKind = /^\/api\/admin\/(\w+)\//.exec(url)?.[1]
  if (listKind && listKind in ADMIN_POOLS) return ADMIN_POOLS[listKind]
  if (url.includes('/customer/')) return 'customer'
  if (/medicine/i.test(url)) return 'medicine'
  if (url.includes('/outApply/')) return 'outApply'
  if (url.includes('/specialCare/')) return 'specialCare'
  if (url.includes('/inbound/')) return 'inbound'
  if (/FormRecord|saveForm/.test(url)) return 'record'
  if (url.endsWith('/productList')) return 'product'
  if (url.endsWith('/departmentList')) return 'department'
  if (url.endsWith('/giftTypeList')) return 'giftType'
  if (url.endsWith('/stayPackageList')) return 'stayPackage'
  return undefined
}

/** A value that the schema accepts; ids come from the pools. */
function fromSchema(s: JsonSchema, url: string, key: string, pools: Pools, pick: Pick): unknown {
  if (s.anyOf) return fromSchema(pick(s.anyOf), url, key, pools, pick)
  if (s.enum) return pick(s.enum)
  switch (s.type) {
    case 'object': {
      const body: Record<string, unknown> = {}
      for (const [name, property] of Object.entries(s.properties ?? {})) {
        if (s.required?.includes(name) || pick([true, false])) body[name] = fromSchema(property, url, name, pools, pick)
      }
      return body
    }
    case 'integer': {
      const pool = pools[poolName(url, key) ?? '']
      if (pool?.length) return pick(pool)
      const min = s.minimum ?? 0
      return pick([min, min + 1, Math.min(s.maximum ?? min + 20, min + 20)])
    }
    case 'number':
      return pick([0, 1.5, 100])
    case 'boolean':
      return pick([true, false])
    case 'string':
      if (s.format === 'date') return pick(['2024-03-05', new Date().toISOString().slice(0, 10)])
      if (s.format === 'date-time') return new Date().toISOString()
      return pick(['样例', '林', '801', 'a']).slice(0, s.maxLength ?? 50)
    case 'array':
      return []
    default:
      return pick(['样例', 1, null])
  }
}

/** A body that the route accepts, referring to the site's rows (`pools` may narrow them). */
export function validBody(
  route: ApiRoute,
  data: SiteData,
  pick: Pick,
  n: number,
  pools = data.pools,
): Record<string, unknown> {
  const special = VALID[route.url]
  if (special) return special({ ...data, pools }, pick, n)
  return fromSchema(route.body ?? { type: 'object' }, route.url, '', pools, pick) as Record<string, unknown>
}

// ---------------------------------------------------------------------------------------------
// Fingerprint

const tables: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable))

/** The rows of `table` that belong to the site, as SQL: every table must be reachable from a site. */
function scopeOf(table: PgTable, siteId: number): string {
  const config = getTableConfig(table)
  if (config.name === 'sites') return `id = ${siteId}`
  if (config.columns.some((c) => c.name === 'site_id')) return `site_id = ${siteId}`
  if (config.name === 'accounts') return `id in (select account_id from account_sites where site_id = ${siteId})`
  // Login attempts are counted before anyone is known: no site's data (a refused login counts one).
  if (config.name === 'rate_limits') return 'false'
  for (const fk of config.foreignKeys) {
    const ref = fk.reference()
    const parent = getTableConfig(ref.foreignTable)
    if (parent.columns.some((c) => c.name === 'site_id')) {
      return `${ref.columns[0].name} in (select ${ref.foreignColumns[0].name} from ${parent.name} where site_id = ${siteId})`
    }
  }
  throw new Error(`no way to tell which rows of ${config.name} belong to a site: teach scopeOf`)
}

const fingerprintSql = new Map<number, ReturnType<typeof sql.raw>>()

/** A hash of every row of the site, per table of the schema: equal fingerprints, nothing written. */
export async function siteFingerprint(app: FastifyInstance, siteId: number): Promise<Record<string, string>> {
  let query = fingerprintSql.get(siteId)
  if (!query) {
    const selects = tables.map((table) => {
      const { name, columns } = getTableConfig(table)
      const order = columns.some((c) => c.name === 'id') ? 't.id' : 't::text'
      // A session's last use is written by any call it signs in, a refused one too: no data of the site.
      const row = `(to_jsonb(t) - 'last_seen_at')::text`
      return `select '${name}' as name, md5(coalesce(string_agg(${row}, '|' order by ${order}), '')) as hash from ${name} t where ${scopeOf(table, siteId)}`
    })
    query = sql.raw(selects.join(' union all '))
    fingerprintSql.set(siteId, query)
  }
  const { rows } = (await app.db.execute(query)) as unknown as { rows: { name: string; hash: string }[] }
  return Object.fromEntries(rows.map((row) => [row.name, row.hash]))
}

/** The tables whose rows differ between two fingerprints. */
export const changedTables = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys(after).filter((table) => after[table] !== before[table])
