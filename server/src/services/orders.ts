import type { Actor } from '../actor.js'
import type { OrderStatus, OutApplyType } from '../db/schema.js'
import type { Db } from '../db/types.js'
import { AppError, Code, FormInvalidError } from '../errors.js'
import { inbound, outApplyGeneral, outApplyGift, specialCare } from '@yuezi/contract/forms/definitions/stock'
import { idOf, ITEMS, receivingErrors, stockErrors } from '@yuezi/contract/forms/definitions/stockRules'
import type { FieldError, FormData, FormDefinition } from '@yuezi/contract/forms/types'
import {
  fieldsOf,
  futureDateErrors,
  isEmpty,
  validateForm,
  withComputed,
  type UploadCheck,
} from '@yuezi/contract/forms/validate'
import { withoutComputed } from '../lib/forms.js'
import { writeAudit } from '../repositories/audit.js'
import { siteCustomer } from '../repositories/customers.js'
import { batchExpiries, getInbound, inboundTables, receiveBatches } from '../repositories/inbound.js'
import * as orders from '../repositories/orders.js'
import { getOutApply, outApplyTables, outApplyType } from '../repositories/outApplies.js'
import { departmentName, giftTypeName } from '../repositories/siteLists.js'
import * as specialCares from '../repositories/specialCares.js'
import { getSpecialCare, specialCareTables } from '../repositories/specialCares.js'
import {
  batchesByIds,
  fenText,
  productNames,
  productsAmong,
  type Batch,
  type StockMove,
} from '../repositories/stock.js'
import { logAccess } from './accessLog.js'
import { auditSave, saveOnce } from './saveOnce.js'
import { checkAgainstSite, refuseClosedEntries } from './siteOptions.js'
import { stockMove } from './stock.js'

// Stock orders: outbound orders (outApply: `general` for a department, 出库单; `gift` a gift pack
// for a customer, 入住礼包出库), self-paid item orders of a customer (specialCare, 自费物品消费表)
// and inbound orders (入库单). Saved once per request_id and pending until checked; approval takes
// the items out of their batches (an inbound order's in), reversal undoes it. Every change is audited.

/** The form of each type of outbound order. */
export const OUT_APPLY_FORMS = { general: outApplyGeneral, gift: outApplyGift } as const
/** The prefix of an order's number. */
const PREFIX = { general: 'CK', gift: 'LB', specialCare: 'ZF', inbound: 'RK' } as const

/** An order that is not the site's, or deleted: -2. */
export const orderNotFound = () => new AppError(Code.NOT_FOUND, 'order.notFound')

/** Checking, reversing, editing or deleting an order whose status does not allow it: -6, saying what it is. */
const notInStatus = (verb: 'check' | 'reverse' | 'edit' | 'delete', status: OrderStatus) =>
  new AppError(Code.CONFLICT, `order.${verb}.${status}`)

/** Locks a live order of the site (see lockOrder); else not-found. */
async function lockOrder(tx: Db, t: orders.OrderTables, siteId: number, id: number) {
  const order = await orders.lockOrder(tx, t, siteId, id)
  if (!order) throw orderNotFound()
  return order
}

/** The order number people read: a prefix, the site's day it was made, the id: CK20261122-00042. */
const orderNo = (prefix: string, today: string, id: number) =>
  `${prefix}${today.replaceAll('-', '')}-${String(id).padStart(5, '0')}`

/** Text of a validated text field, '' when empty. */
const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

// ---------------------------------------------------------------------------------------------
// Reading

// The site's outbound and inbound orders, a page of them or one with its items (else undefined): plain reads.
export { getOutApply, listOutApplies } from '../repositories/outApplies.js'
export { getInbound, listInbound } from '../repositories/inbound.js'

/** What a reply hands out of a self-paid order (its signature), for the access log. */
const handedOut = (order: { id: number; customer_id: number; signature: string | null }) => ({
  kind: 'specialCare' as const,
  id: order.id,
  customerId: order.customer_id,
  definition: specialCare,
  data: { signature: order.signature },
})

/** The site's self-paid orders, a page of them; the signed ones are logged as read. */
export async function listSpecialCares(db: Db, actor: Actor, query: specialCares.SpecialCareQuery, today: string) {
  const page = await specialCares.listSpecialCares(db, actor.siteId, query, today)
  await logAccess(db, actor, 'read', page.list.map(handedOut))
  return page
}

/** A self-paid order of the site with its items (else undefined); a signed one is logged as read. */
export async function readSpecialCare(db: Db, actor: Actor, id: number, today: string) {
  const order = await getSpecialCare(db, actor.siteId, id, today)
  if (order) await logAccess(db, actor, 'read', [handedOut(order)])
  return order
}

// ---------------------------------------------------------------------------------------------
// Saving, shared

/** An order as its kind's `build` in `saveOrder` makes it from the validated form. */
interface OrderToSave {
  /** The order's columns, set when it is made and each time it is changed. */
  values: Record<string, unknown>
  /** Columns set only when it is made (an outbound order's type, which cannot change). */
  createOnly?: Record<string, unknown>
  /** The prefix of its number (see orderNo). */
  prefix: string
  /** What the keyword search looks in, given the order's number. */
  searchText: (no: string) => string
  /** The item rows to insert, with their order's id. */
  items: (orderId: number) => Record<string, unknown>[]
}

/**
 * Saves an order with its items and the audit entry in one transaction, once per request_id (see
 * saveOnce): with `input.id` it changes that order, locked first and only while pending (its
 * number stays; its items are replaced), else it makes one and numbers it after the insert (the
 * number holds the id). `build` makes the order inside the transaction, after the lock, so that
 * its checks against the site and stock see what a concurrent save did. Answers the order's id.
 */
async function saveOrder(
  db: Db,
  actor: Actor,
  t: orders.OrderTables,
  input: { id?: number; requestId?: string },
  today: string,
  build: (tx: Db) => Promise<OrderToSave>,
): Promise<number> {
  return saveOnce(db, actor.siteId, input.requestId, async (tx) => {
    let existingNo = ''
    if (input.id !== undefined) {
      const existing = await lockOrder(tx, t, actor.siteId, input.id)
      if (existing.status !== 'pending') throw notInStatus('edit', existing.status)
      existingNo = existing.no
    }
    const order = await build(tx)
    const values = { ...order.values, updatedAt: new Date(), updatedBy: actor.accountId }

    let id: number
    if (input.id === undefined) {
      id = await orders.insertOrder(tx, t, {
        ...values,
        ...order.createOnly,
        siteId: actor.siteId,
        createdBy: actor.accountId,
      })
      const no = orderNo(order.prefix, today, id)
      await orders.updateOrder(tx, t, id, { no, searchText: order.searchText(no) })
    } else {
      id = input.id
      await orders.updateOrder(tx, t, id, { ...values, searchText: order.searchText(existingNo) })
      await orders.deleteItems(tx, t, id)
    }
    await orders.insertItems(tx, t, order.items(id))
    await auditSave(tx, {
      ...actor,
      action: input.id === undefined ? 'create' : 'update',
      entity: t.entity,
      entityId: id,
      requestId: input.requestId,
    })
    return id
  })
}

/**
 * The order's data against the site (inside the save's transaction): its department, room, gift
 * type, products and batches are the site's, each batch of its row's product and not expired, and
 * no batch is asked for more than it has now; none newly chosen is retired or out of service
 * (`kept`: see refuseClosedEntries). Throws the field errors; answers the rows' batches.
 */
async function checkOrderData(
  db: Db,
  siteId: number,
  definition: FormDefinition,
  data: FormData,
  today: string,
  kept: Parameters<typeof refuseClosedEntries>[4],
) {
  const errors = await checkAgainstSite(db, siteId, fieldsOf(definition), data, [])
  const rows = Array.isArray(data[ITEMS]) ? (data[ITEMS] as FormData[]) : []
  const batches = await batchesByIds(
    db,
    siteId,
    rows.map((row) => idOf(row.batch_id)).filter((id): id is number => id !== undefined),
  )
  const productNames = new Map([...batches.values()].map((batch) => [batch.product_id, batch.product_name]))
  const stock = stockErrors(
    rows,
    (id) => batches.get(id),
    today,
    (id) => productNames.get(id) ?? '',
  )
  // A batch of another product is already an `option` error of the site check.
  throwFieldErrors([...errors, ...stock])
  await refuseClosedEntries(db, siteId, fieldsOf(definition), data, kept)
  return batches
}

/** Refuses the save with the field errors, one message a field (the first), when there are any. */
function throwFieldErrors(errors: FieldError[]) {
  const first = errors.filter((error, i, list) => list.findIndex((e) => e.path === error.path) === i)
  if (first.length) throw new FormInvalidError(first)
}

/**
 * An item row of a validated order: its product, batch (checked by checkOrderData) and quantity as
 * the item table's columns, at `price` (yuan; default the product's price now: the order's value
 * stays what it was when saved), and the product's name for the keyword search.
 */
function itemOf(row: FormData, batches: Map<number, Batch>, price?: number) {
  const batch = batches.get(idOf(row.batch_id)!)!
  return {
    name: batch.product_name,
    columns: {
      productId: batch.product_id,
      batchId: batch.id,
      quantity: row.quantity as number,
      price: fenText(Math.round((price ?? batch.price) * 100)),
    },
  }
}

// ---------------------------------------------------------------------------------------------
// Saving an outbound order

export interface OutApplyInput {
  /** Update this pending order instead of creating one. */
  id?: number
  type: OutApplyType
  /** The fields of the type's form (@yuezi/contract/forms/definitions/stock.ts): the save's body. */
  data: FormData
  requestId?: string
  /** Who saves it: a general order's requester when the body names none. */
  staffName: string
  /** Whether a signature or photo is one of this server's uploads: a client's save passes its request's check. */
  isUpload?: UploadCheck
}

/**
 * Validates the order with its form (apply_date defaults to today) and the site's records and
 * stock, and saves it with its items and the audit entry in one transaction. Only a pending order
 * can be changed, and not its type.
 */
export async function saveOutApply(db: Db, actor: Actor, input: OutApplyInput, today: string): Promise<number> {
  const definition = OUT_APPLY_FORMS[input.type]
  const data = { ...input.data }
  data.apply_date ??= today
  if (input.type === 'general' && !textOf(data.requester)) data.requester = input.staffName
  const errors = [...validateForm(definition, data, input.isUpload), ...futureDateErrors(definition, data, today)]
  if (errors.length) throw new FormInvalidError(errors)
  const rows = data[ITEMS] as FormData[]

  return saveOrder(db, actor, outApplyTables, input, today, async (tx) => {
    // saveOrder has locked the order and found it pending; its type cannot change.
    if (input.id !== undefined && (await outApplyType(tx, input.id)) !== input.type) {
      throw new AppError(Code.INVALID_INPUT, 'order.typeFixed')
    }
    const customerId = input.type === 'gift' ? (data.customer_id as number) : null
    if (customerId !== null && !(await siteCustomer(tx, actor.siteId, customerId))) {
      throw new AppError(Code.NOT_FOUND, 'customer.notFound')
    }
    const saved = input.id === undefined ? undefined : await getOutApply(tx, actor.siteId, input.id, today)
    const batches = await checkOrderData(tx, actor.siteId, definition, data, today, { data: saved })

    const departmentId = idOf(data.department_id) ?? null
    const giftTypeId = idOf(data.gift_type_id) ?? null
    // Names for the keyword search (both checked as the site's above).
    const department = departmentId ? await departmentName(tx, actor.siteId, departmentId) : undefined
    const giftType = giftTypeId ? await giftTypeName(tx, actor.siteId, giftTypeId) : undefined
    const requester = textOf(data.requester)
    const remark = textOf(data.remark)
    const items = rows.map((row) => itemOf(row, batches))
    return {
      values: { departmentId, customerId, giftTypeId, requester, applyDate: data.apply_date as string, remark },
      createOnly: { type: input.type },
      prefix: PREFIX[input.type],
      searchText: (no) =>
        [no, requester, remark, department, giftType, ...items.map((item) => item.name)].filter(Boolean).join('\n'),
      items: (applyId) => items.map((item) => ({ applyId, ...item.columns })),
    }
  })
}

// ---------------------------------------------------------------------------------------------
// Saving a self-paid order

export interface SpecialCareInput {
  /** Update this pending order instead of creating one. */
  id?: number
  /** The fields of 自费物品消费表 (@yuezi/contract/forms/definitions/stock.ts): the save's body. */
  data: FormData
  requestId?: string
  /** Whether a signature or photo is one of this server's uploads: a client's save passes its request's check. */
  isUpload?: UploadCheck
}

/**
 * The rows at their products' prices in the site's product list now, whatever the client sent: a
 * row whose product is not the site's keeps what it has (the site check refuses it).
 */
async function atListPrices(db: Db, siteId: number, data: FormData): Promise<FormData> {
  if (!Array.isArray(data[ITEMS])) return data
  const rows = data[ITEMS] as unknown[]
  const ids = rows.map((row) => idOf((row as FormData | null)?.product_id)).filter((id) => id !== undefined)
  const listed = await productsAmong(db, siteId, ids)
  const priced = rows.map((row) => {
    const price = listed.get(idOf((row as FormData | null)?.product_id) ?? 0)?.price
    return price === undefined ? row : { ...(row as FormData), price }
  })
  return { ...data, [ITEMS]: priced }
}

/**
 * Validates the order with its form (consume_date defaults to today, the room to the customer's)
 * and the site's records and stock, prices each item at its product's price in the site's list
 * now (a price the client sends is ignored), computes the subtotals and the total, and saves it
 * with its items and the audit entry in one transaction. Only a pending order can be changed.
 */
export async function saveSpecialCare(db: Db, actor: Actor, input: SpecialCareInput, today: string): Promise<number> {
  const definition = specialCare
  const data = withoutComputed(definition, input.data)
  data.consume_date ??= today
  // Another site's customer is not found (before the form's rules: her room would be missing); the room defaults to hers.
  const customerId = typeof data.customer_id === 'number' ? idOf(data.customer_id) : undefined
  if (customerId !== undefined) {
    const customer = await siteCustomer(db, actor.siteId, customerId)
    if (!customer) throw new AppError(Code.NOT_FOUND, 'customer.notFound')
    if (isEmpty(data.room)) data.room = customer.room
  }

  return saveOrder(db, actor, specialCareTables, input, today, async (tx) => {
    // Priced inside the save, so that the order holds the price its transaction read.
    const priced = await atListPrices(tx, actor.siteId, data)
    const errors = [...validateForm(definition, priced, input.isUpload), ...futureDateErrors(definition, priced, today)]
    if (errors.length) throw new FormInvalidError(errors)
    const computed = withComputed(definition, priced, { today })
    const rows = computed[ITEMS] as FormData[]
    const customer = await siteCustomer(tx, actor.siteId, data.customer_id as number)
    if (!customer) throw new AppError(Code.NOT_FOUND, 'customer.notFound')
    const saved = input.id === undefined ? undefined : await getSpecialCare(tx, actor.siteId, input.id, today)
    const kept = { data: saved, room: customer.room }
    const batches = await checkOrderData(tx, actor.siteId, definition, priced, today, kept)

    const remark = textOf(data.remark)
    const items = rows.map((row) => ({
      ...itemOf(row, batches, row.price as number),
      subtotal: row.subtotal as number,
    }))
    return {
      values: {
        customerId: customer.id,
        room: data.room as string,
        consumeDate: data.consume_date as string,
        remark,
        signature: typeof data.signature === 'string' && data.signature ? data.signature : null,
        total: fenText(Math.round((computed.total as number) * 100)),
      },
      prefix: PREFIX.specialCare,
      searchText: (no) => [no, remark, ...items.map((item) => item.name)].filter(Boolean).join('\n'),
      items: (careId) =>
        items.map((item) => ({ careId, ...item.columns, subtotal: fenText(Math.round(item.subtotal * 100)) })),
    }
  })
}

// ---------------------------------------------------------------------------------------------
// Saving an inbound order

export interface InboundInput {
  /** Update this pending order instead of creating one. */
  id?: number
  /** The fields of 入库单 (@yuezi/contract/forms/definitions/stock.ts): the save's body. */
  data: FormData
  requestId?: string
}

/**
 * A row whose batch number the product already has (or an earlier row of the order gives) with
 * another expiry date: approval would refuse it, so the save does.
 */
async function batchExpiryErrors(db: Db, siteId: number, rows: FormData[]): Promise<FieldError[]> {
  const keyOf = (row: FormData) => `${idOf(row.product_id)}\n${textOf(row.batch_no)}`
  const known = await batchExpiries(
    db,
    siteId,
    rows.map((row) => ({ productId: idOf(row.product_id)!, batchNo: textOf(row.batch_no) })),
  )
  return rows.flatMap((row, i): FieldError[] => {
    const expiry = known.get(keyOf(row))
    if (expiry === undefined) known.set(keyOf(row), row.expiry_date as string)
    if (expiry === undefined || expiry === row.expiry_date) return []
    const path = `${ITEMS}.${i}.expiry_date`
    return [
      {
        path,
        labelKey: 'form.field.expiry_date',
        rule: 'batchExpiry',
        params: { batch: textOf(row.batch_no), expiry },
      },
    ]
  })
}

/**
 * Validates the order with its form (inbound_date defaults to today), the batches' dates against
 * the centre's today, and the site's products and batches, and saves it with its items and the
 * audit entry in one transaction. Only a pending order can be changed.
 */
export async function saveInbound(db: Db, actor: Actor, input: InboundInput, today: string): Promise<number> {
  const data = { ...input.data }
  data.inbound_date ??= today
  throwFieldErrors([
    ...validateForm(inbound, data),
    ...futureDateErrors(inbound, data, today),
    ...receivingErrors(data[ITEMS], today),
  ])
  const rows = data[ITEMS] as FormData[]

  return saveOrder(db, actor, inboundTables, input, today, async (tx) => {
    throwFieldErrors([
      ...(await checkAgainstSite(tx, actor.siteId, fieldsOf(inbound), data, [])),
      ...(await batchExpiryErrors(tx, actor.siteId, rows)),
    ])
    const saved = input.id === undefined ? undefined : await getInbound(tx, actor.siteId, input.id, today)
    await refuseClosedEntries(tx, actor.siteId, fieldsOf(inbound), data, { data: saved })
    const names = await productNames(
      tx,
      actor.siteId,
      rows.map((row) => idOf(row.product_id)!),
    )
    const supplier = textOf(data.supplier)
    const remark = textOf(data.remark)
    const items = rows.map((row) => ({
      productId: idOf(row.product_id)!,
      batchNo: textOf(row.batch_no),
      productionDate: (row.production_date as string | undefined) ?? null,
      expiryDate: row.expiry_date as string,
      quantity: row.quantity as number,
      unitCost: fenText(Math.round((row.unit_cost as number) * 100)),
    }))
    return {
      values: { supplier, inboundDate: data.inbound_date as string, remark },
      prefix: PREFIX.inbound,
      searchText: (no) =>
        [no, supplier, remark, ...items.flatMap((item) => [names.get(item.productId), item.batchNo])]
          .filter(Boolean)
          .join('\n'),
      items: (orderId) => items.map((item) => ({ orderId, ...item })),
    }
  })
}

// ---------------------------------------------------------------------------------------------
// Deleting

/** Soft-deletes a pending order of the site (kept for audit). */
async function deleteOrder(db: Db, actor: Actor, t: orders.OrderTables, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, t, actor.siteId, id)
    if (order.status !== 'pending') throw notInStatus('delete', order.status)
    await orders.updateOrder(tx, t, id, { deletedAt: new Date(), deletedBy: actor.accountId })
    await writeAudit(tx, { ...actor, action: 'delete', entity: t.entity, entityId: id })
  })
}

export const deleteOutApply = (db: Db, actor: Actor, id: number) => deleteOrder(db, actor, outApplyTables, id)
export const deleteSpecialCare = (db: Db, actor: Actor, id: number) => deleteOrder(db, actor, specialCareTables, id)
export const deleteInbound = (db: Db, actor: Actor, id: number) => deleteOrder(db, actor, inboundTables, id)

// ---------------------------------------------------------------------------------------------
// Checking: approve, reject, reverse

/** Who checks an order: a staff member with the approve right in the site, and what the site allows its makers. */
export interface Checker extends Actor {
  /** The site lets whoever made an order approve, reject or reverse it too. */
  creatorMayApprove: boolean
}

/** Who made and changed an order (changedBy: every account that saved a change to it). */
interface Makers {
  createdBy: number
  changedBy: number[]
}

/**
 * Why the four-eyes rule keeps the checker from approving, rejecting or reversing an order, if it
 * does: she made it and the site does not let makers check their own (`own`), or she changed
 * someone else's (`changed`: the site's setting covers the maker only).
 */
function fourEyes(checker: Omit<Checker, 'siteId'>, order: Makers): 'own' | 'changed' | undefined {
  if (order.createdBy === checker.accountId) return checker.creatorMayApprove ? undefined : 'own'
  return order.changedBy.includes(checker.accountId) ? 'changed' : undefined
}

/** The caller as an order's reply reads her: her account, her right in the site, what the site allows. */
type Caller = Omit<Checker, 'siteId'> & { canApprove: boolean }

/** An order as the repositories read it: who made and changed it. */
export type OrderRead = { created_by: number; changed_by: number[] }

/** An order as the caller reads it: with whether she may approve or reject it while it is pending. */
export const withMayApprove = <Order extends OrderRead>(order: Order, caller: Caller) => ({
  ...order,
  may_approve: caller.canApprove && !fourEyes(caller, { createdBy: order.created_by, changedBy: order.changed_by }),
})

/** A page of orders as the caller reads it (see withMayApprove). */
export const pageWithMayApprove = <Order extends OrderRead>(
  page: { list: Order[]; total: number },
  caller: Caller,
) => ({
  ...page,
  list: page.list.map((order) => withMayApprove(order, caller)),
})

type CheckAction = { approve: true } | { approve: false; reason: string } | { reverse: true; reason?: string }

/** The body of a check: `{id, approve: true}`, `{id, approve: false, reason}` or `{id, reverse: true, reason?}`. */
export interface CheckBody {
  id: number
  approve?: boolean
  reverse?: boolean
  reason?: string
}

/** The action of a check body. */
function checkActionOf(body: CheckBody): CheckAction {
  const reason = body.reason?.trim() || undefined
  if (body.reverse === true && body.approve === undefined) return { reverse: true, reason }
  if (body.reverse !== undefined) throw new AppError(Code.INVALID_INPUT, 'order.checkAction')
  if (body.approve === true) return { approve: true }
  if (body.approve === false) {
    if (!reason) throw new AppError(Code.INVALID_INPUT, 'order.reasonRequired')
    return { approve: false, reason }
  }
  throw new AppError(Code.INVALID_INPUT, 'order.checkAction')
}

/** Gives an approved inbound order's items their batches (see receiveBatches), or refuses it naming the row. */
async function receive(tx: Db, siteId: number, orderId: number) {
  const mismatch = await receiveBatches(tx, siteId, orderId)
  if (mismatch) throw new AppError(Code.STOCK, 'stock.batchExpiry', mismatch)
}

/** No stock moves: a rejection. */
const noStockMove: StockMove = { batchDeltas: new Map(), movements: [] }

/**
 * Works out a check of a locked, live order inside the caller's transaction: approving takes its
 * items out of stock (or fails), reversing puts them back, rejecting records the reason. Only a
 * pending order can be approved or rejected, only an approved one reversed; nobody who changed it
 * may do either, nor its maker unless the site allows (see fourEyes). Answers what the check
 * writes (see orders.recordCheck).
 */
async function planCheck(
  db: Db,
  actor: Checker,
  t: orders.OrderTables,
  order: Makers & { id: number; status: OrderStatus },
  action: CheckAction,
  today: string,
): Promise<orders.OrderCheck> {
  const reversing = 'reverse' in action
  if (reversing && order.status !== 'approved') throw notInStatus('reverse', order.status)
  if (!reversing && order.status !== 'pending') throw notInStatus('check', order.status)
  const refusal = fourEyes(actor, order)
  if (refusal === 'own') throw new AppError(Code.FORBIDDEN, reversing ? 'order.ownReverse' : 'order.ownOrder')
  if (refusal === 'changed') throw new AppError(Code.FORBIDDEN, 'order.changedOrder')
  const check = {
    siteId: actor.siteId,
    orderId: order.id,
    by: actor.accountId,
    at: new Date(),
    httpRequestId: actor.httpRequestId,
    own: order.createdBy === actor.accountId,
  }
  const move = async (direction: 'approve' | 'reverse') => {
    if (t.kind === 'inbound' && direction === 'approve') await receive(db, actor.siteId, order.id)
    return stockMove(
      actor.siteId,
      { kind: t.kind, id: order.id },
      await orders.lockMovingItems(db, t, order.id),
      direction,
      today,
    )
  }
  if ('reverse' in action) {
    return {
      ...check,
      ...(await move('reverse')),
      action: 'reverse',
      status: 'reversed',
      reason: action.reason ?? null,
    }
  }
  if (action.approve) {
    return { ...check, ...(await move('approve')), action: 'approve', status: 'approved', reason: null }
  }
  return { ...check, ...noStockMove, action: 'reject', status: 'rejected', reason: action.reason }
}

/**
 * Approves, rejects or reverses an order of the site in one transaction: the order row is locked
 * first, so that a second check of the same order waits and then finds it checked; then its
 * batches (see orders.lockMovingItems). Answers the order as `read` reads it after the writes, on
 * the transaction's connection: read after the commit, the request waited its turn for a
 * connection of the pool a second time, behind every request that came in meanwhile.
 */
async function checkOrder<Order>(
  db: Db,
  actor: Checker,
  t: orders.OrderTables,
  body: CheckBody,
  today: string,
  read: (tx: Db) => Promise<Order | undefined>,
): Promise<Order> {
  const action = checkActionOf(body)
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, t, actor.siteId, body.id)
    const check = await planCheck(tx, actor, t, { ...order, id: body.id }, action, today)
    // The batches' guard repeats the checks of stockMove in SQL: the rows are locked, so it holds.
    if ((await orders.recordCheck(tx, t, check)) !== check.batchDeltas.size) {
      throw new Error(`batches of ${t.kind} ${body.id} changed under their lock`)
    }
    return (await read(tx))!
  })
}

/** Approves, rejects or reverses an outbound order of the site (see checkOrder); answers it as it is now. */
export const checkOutApply = (db: Db, actor: Checker, body: CheckBody, today: string) =>
  checkOrder(db, actor, outApplyTables, body, today, (tx) => getOutApply(tx, actor.siteId, body.id, today))

/** Approves, rejects or reverses an inbound order of the site (see checkOrder); answers it as it is now. */
export const checkInbound = (db: Db, actor: Checker, body: CheckBody, today: string) =>
  checkOrder(db, actor, inboundTables, body, today, (tx) => getInbound(tx, actor.siteId, body.id, today))

/** Approves, rejects or reverses a self-paid order of the site (see checkOrder); answers it as it is now. */
export const checkSpecialCare = (db: Db, actor: Checker, body: CheckBody, today: string) =>
  checkOrder(db, actor, specialCareTables, body, today, (tx) => getSpecialCare(tx, actor.siteId, body.id, today))
