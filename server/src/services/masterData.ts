import { MASTER_FORMS, YES, type MasterKind } from '@yuezi/contract/forms/definitions/masterData'
import { idOf } from '@yuezi/contract/forms/definitions/stockRules'
import type { FormData } from '@yuezi/contract/forms/types'
import { fieldsOf, validateForm } from '@yuezi/contract/forms/validate'
import type { Actor } from '../actor.js'
import type { Db } from '../db/types.js'
import { AppError, Code, FormInvalidError } from '../errors.js'
import { formTranslator, serverTranslator, type Lang } from '../plugins/i18n.js'
import { writeAudit } from '../repositories/audit.js'
import type { Translators } from './pdf/document.js'
import * as entries from '../repositories/masterData.js'
import * as stays from '../repositories/stays.js'
import { fenText, yuan } from '../repositories/stock.js'
import { checkAgainstSite } from './siteOptions.js'

// The centre's rooms, departments, gift types, products, gift bundles and stay packages as the administration keeps
// them. Each kind is described by data (its form, its columns, its message); the rules are shared:
// names unique per site, an entry that records refer to is retired rather than deleted, and every
// change audited in its transaction.

type Row = entries.EntryRow
type PackageItem = { product_id: number; quantity: number }

interface KindRules {
  /** The audited table. */
  entity: string
  /** A saved form's values as the table's columns. */
  values(data: FormData): entries.EntryValues
  /** An entry as its form's values. */
  data(row: Row, items: PackageItem[]): FormData
  /** What tells the entry apart in a list, besides its name (a room's kind named as its form's choice). */
  detail(row: Row, t: Translators): string
  /** The message of a name (room number, name and spec) that another entry has. */
  duplicate(data: FormData): { key: string; params: Record<string, string> }
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')
const yesNo = (value: unknown) => (value ? YES : 'no')
const named = (key: string) => (data: FormData) => ({ key, params: { name: text(data.name) } })

const RULES: Record<MasterKind, KindRules> = {
  rooms: {
    entity: 'rooms',
    values: (data) => ({
      floor: data.floor,
      room: text(data.room),
      kind: data.kind,
      inService: data.in_service === YES,
    }),
    data: (row) => ({ floor: row.floor, room: row.name, kind: row.kind, in_service: yesNo(row.in_service) }),
    detail: (row, t) =>
      t.server('master.rooms.detail', {
        floor: row.floor as number,
        kind: t.forms(`form.option.roomKind.${row.kind as string}`),
      }),
    duplicate: (data) => ({ key: 'master.rooms.duplicate', params: { name: text(data.room) } }),
  },
  departments: {
    entity: 'departments',
    values: (data) => ({ name: text(data.name) }),
    data: (row) => ({ name: row.name }),
    detail: () => '',
    duplicate: named('master.departments.duplicate'),
  },
  giftTypes: {
    entity: 'gift_types',
    values: (data) => ({ name: text(data.name), packageId: idOf(data.package_id) }),
    data: (row) => ({ name: row.name, package_id: row.package_id }),
    detail: (row, t) => t.server('master.giftTypes.detail', { package: row.package_name as string }),
    duplicate: named('master.giftTypes.duplicate'),
  },
  products: {
    entity: 'products',
    values: (data) => ({
      name: text(data.name),
      spec: text(data.spec),
      unit: text(data.unit),
      price: fenText(Math.round((data.price as number) * 100)),
      category: text(data.category),
      selfPaid: data.self_paid === YES,
    }),
    data: (row) => ({
      name: row.name,
      spec: row.spec,
      unit: row.unit,
      price: yuan(row.price as string),
      category: row.category,
      self_paid: yesNo(row.self_paid),
    }),
    detail: (row, t) =>
      t.server('master.products.detail', {
        spec: row.spec as string,
        price: yuan(row.price as string).toFixed(2),
        unit: row.unit as string,
        category: row.category as string,
      }),
    duplicate: (data) => ({
      key: 'master.products.duplicate',
      params: { name: text(data.name), spec: text(data.spec) },
    }),
  },
  packages: {
    entity: 'product_packages',
    values: (data) => ({ name: text(data.name) }),
    data: (row, items) => ({ name: row.name, items }),
    detail: (row, t) => t.server('master.packages.detail', { count: row.item_count as number }),
    duplicate: named('master.packages.duplicate'),
  },
  stayPackages: {
    entity: 'stay_packages',
    values: (data) => ({
      name: text(data.name),
      days: data.days,
      price: fenText(Math.round((data.fee as number) * 100)),
      includes: text(data.includes),
    }),
    data: (row) => ({ name: row.name, days: row.days, fee: yuan(row.price as string), includes: row.includes }),
    detail: (row, t) =>
      t.server('master.stayPackages.detail', {
        days: row.days as number,
        fee: yuan(row.price as string).toFixed(2),
      }),
    duplicate: named('master.stayPackages.duplicate'),
  },
}

const notFound = () => new AppError(Code.NOT_FOUND, 'master.notFound')

/** A page of the site's entries of a kind, as the administration lists them. */
export async function listEntries(db: Db, kind: MasterKind, siteId: number, query: entries.EntryQuery, lang: Lang) {
  const { list, total } = await entries.listEntries(db, kind, siteId, query)
  const t = { server: serverTranslator(lang), forms: formTranslator(lang) }
  return {
    list: list.map((row) => ({
      id: row.id,
      name: row.name,
      detail: RULES[kind].detail(row, t),
      retired: row.retired,
      in_service: row.in_service !== false,
    })),
    total,
  }
}

/** An entry of the site as its form's values. */
export async function entryInfo(db: Db, kind: MasterKind, siteId: number, id: number) {
  const row = await entries.findEntry(db, kind, siteId, id)
  if (!row) throw notFound()
  const items = kind === 'packages' ? await entries.packageItems(db, id) : []
  return { id, retired: row.retired, data: RULES[kind].data(row, items) }
}

/** A package's rows as the items table takes them. */
const itemsOf = (data: FormData) =>
  (data.items as FormData[]).map((row) => ({ productId: idOf(row.product_id)!, quantity: row.quantity as number }))

/** The chosen package or products are the site's choices, as the form's options list them. */
async function checkChoices(tx: Db, kind: MasterKind, siteId: number, data: FormData) {
  const siteErrors = await checkAgainstSite(tx, siteId, fieldsOf(MASTER_FORMS[kind]), data, [])
  if (siteErrors.length) throw new FormInvalidError(siteErrors)
}

/** Why an entry cannot be saved though its form is valid, as its message and the code it is refused with. */
export interface EntryProblem {
  code: Code
  key: string
  params?: Record<string, string>
}

/**
 * What a form's rules cannot know: the chosen package or products are in use, a package names each
 * product once, and no other entry of the site (but `id`) has its room number or name.
 */
export async function entryProblem(
  tx: Db,
  kind: MasterKind,
  siteId: number,
  data: FormData,
  id?: number,
): Promise<EntryProblem | undefined> {
  if (kind === 'giftTypes') {
    const retired = await entries.retiredAmong(tx, 'packages', siteId, [idOf(data.package_id)!])
    for (const name of retired.values())
      return { code: Code.INVALID_INPUT, key: 'master.packageRetired', params: { name } }
  }
  if (kind === 'packages') {
    const ids = itemsOf(data).map((item) => item.productId)
    const retired = await entries.retiredAmong(tx, 'products', siteId, ids)
    for (const name of retired.values())
      return { code: Code.INVALID_INPUT, key: 'master.productRetired', params: { name } }
    if (new Set(ids).size < ids.length) return { code: Code.INVALID_INPUT, key: 'master.productTwice' }
  }
  if (await entries.uniqueTaken(tx, kind, siteId, RULES[kind].values(data), id)) {
    return { code: Code.CONFLICT, ...RULES[kind].duplicate(data) }
  }
  return undefined
}

/** Whether two entries of a kind would have the same room number or name, which no two of a site may. */
export const entryKey = (kind: MasterKind, data: FormData) => entries.uniqueKeyOf(kind, RULES[kind].values(data))

/** Adds an entry (a package with its items) of a valid form to the actor's site, audited; answers its id. */
export async function createEntry(tx: Db, kind: MasterKind, actor: Actor, data: FormData): Promise<number> {
  const id = await entries.insertEntry(tx, kind, actor.siteId, RULES[kind].values(data))
  if (kind === 'packages') await entries.replacePackageItems(tx, id, itemsOf(data))
  await writeAudit(tx, { ...actor, action: 'create', entity: RULES[kind].entity, entityId: id })
  return id
}

/**
 * Adds an entry, or changes the site's entry `id`, validated with the kind's form; answers its id.
 * Another site's id is not found and nothing changes.
 */
export async function saveEntry(
  db: Db,
  kind: MasterKind,
  actor: Actor,
  input: { id?: number; data: FormData },
): Promise<number> {
  const rules = RULES[kind]
  const errors = validateForm(MASTER_FORMS[kind], input.data)
  if (errors.length) throw new FormInvalidError(errors)
  return db.transaction(async (tx) => {
    if (input.id !== undefined && !(await entries.findEntry(tx, kind, actor.siteId, input.id, true))) throw notFound()
    await checkChoices(tx, kind, actor.siteId, input.data)
    const problem = await entryProblem(tx, kind, actor.siteId, input.data, input.id)
    if (problem) throw new AppError(problem.code, problem.key, problem.params)
    if (input.id === undefined) return createEntry(tx, kind, actor, input.data)
    await entries.updateEntry(tx, kind, actor.siteId, input.id, rules.values(input.data))
    if (kind === 'packages') await entries.replacePackageItems(tx, input.id, itemsOf(input.data))
    await writeAudit(tx, { ...actor, action: 'update', entity: rules.entity, entityId: input.id })
    return input.id
  })
}

/**
 * Deletes an entry of the site that no record refers to; one that records refer to is refused
 * with IN_USE, on which the app offers to retire it instead.
 */
export async function deleteEntry(db: Db, kind: MasterKind, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await entries.findEntry(tx, kind, actor.siteId, id, true)
    if (!row) throw notFound()
    if (await entries.isInUse(tx, kind, actor.siteId, row)) {
      throw new AppError(Code.IN_USE, 'master.inUse', { name: row.name }, 200, { retire: true })
    }
    await entries.deleteEntry(tx, kind, actor.siteId, id)
    await writeAudit(tx, { ...actor, action: 'delete', entity: RULES[kind].entity, entityId: id })
  })
}

/**
 * Takes an entry of the site out of use (`retire`) or back into it; either is audited, also when it
 * was already so. A room a mother is in or booked for is refused: her stay would lose its room.
 */
export async function retireEntry(db: Db, kind: MasterKind, actor: Actor, id: number, retire: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await entries.findEntry(tx, kind, actor.siteId, id, true)
    if (!row) throw notFound()
    if (kind === 'rooms' && retire && !row.retired) {
      // Locked as admissions lock it, so that none books it while it is being retired.
      await stays.lockRoom(tx, actor.siteId, row.name)
      if (await stays.roomTaken(tx, actor.siteId, row.name))
        throw new AppError(Code.CONFLICT, 'master.roomHeld', { name: row.name })
    }
    if (row.retired !== retire) await entries.setRetired(tx, kind, actor.siteId, id, retire ? new Date() : null)
    await writeAudit(tx, { ...actor, action: retire ? 'retire' : 'restore', entity: RULES[kind].entity, entityId: id })
  })
}
