import type { Actor } from '../../actor.js'
import type { OrderKind, OrderStatus } from '../../db/schema.js'
import type { Db } from '../../db/types.js'
import { AppError, Code } from '../../errors.js'
import { isExpired } from '@yuezi/contract/forms/definitions/stockRules'
import { writeAudit } from '../../repositories/audit.js'
import * as orders from '../../repositories/orders.js'
import type { MovingItem, StockMove } from '../../repositories/stock.js'
import { logAccess, type HandedOut } from '../accessLog.js'
import { auditSave, saveOnce } from '../saveOnce.js'

// The one engine of stock orders: reading them, saving one once per request_id while it is
// pending, numbering it, deleting it, and checking it (approve, reject, reverse) with four eyes
// and the stock the check moves. Each kind (kinds/) declares only what differs: OrderKindSpec.

/** An order that is not the site's, or deleted: -2. */
export const orderNotFound = () => new AppError(Code.NOT_FOUND, 'order.notFound')

/** Checking, reversing, editing or deleting an order whose status does not allow it: -6, saying what it is. */
const notInStatus = (verb: 'check' | 'reverse' | 'edit' | 'delete', status: OrderStatus) =>
  new AppError(Code.CONFLICT, `order.${verb}.${status}`)

/** Locks a live order of the site (see orders.lockOrder); else not-found. */
async function lockOrder(tx: Db, t: orders.OrderTables, siteId: number, id: number) {
  const order = await orders.lockOrder(tx, t, siteId, id)
  if (!order) throw orderNotFound()
  return order
}

/** The order number people read: a prefix, the site's day it was made, the id: CK20261122-00042. */
const orderNo = (prefix: string, today: string, id: number) =>
  `${prefix}${today.replaceAll('-', '')}-${String(id).padStart(5, '0')}`

// ---------------------------------------------------------------------------------------------
// The kinds

/** What every save's input has besides its kind's fields. */
export interface OrderInput {
  /** Update this pending order instead of creating one. */
  id?: number
  requestId?: string
}

/** An order as the repositories read it: who made and changed it. */
export type OrderRead = { created_by: number; changed_by: number[] }

/** An order as a kind's `build` makes it from the validated input. */
export interface OrderToSave {
  /** The order's columns, set when it is made and each time it is changed. */
  values: Record<string, unknown>
  /** Columns set only when it is made (an outbound order's type, which cannot change). */
  createOnly?: Record<string, unknown>
  /** What the keyword search looks in, given the order's number. */
  searchText: (no: string) => string
  /** The item rows to insert, with their order's id. */
  items: (orderId: number) => Record<string, unknown>[]
}

/** What one kind of order declares: its reads and what its saves and checks do that the others' do not. */
export interface OrderKindSpec<Input extends OrderInput, Ready, Query, Order extends OrderRead> {
  /** Its list and one order (repositories/orders.ts orderReads), and the tables its saves and checks write. */
  reads: {
    tables: orders.OrderTables
    list(db: Db, siteId: number, query: Query, today: string): Promise<{ list: Omit<Order, 'items'>[]; total: number }>
    get(db: Db, siteId: number, id: number, today: string): Promise<Order | undefined>
  }
  /** The prefix of its number (see orderNo). */
  prefix: (input: Input) => string
  /** Approval takes its items out of their batches and reversal puts them back (`out`), or the other way round (`in`). */
  stock: 'out' | 'in'
  /** Inside an approval's transaction, before its stock moves (an inbound order's items find their batches). */
  beforeApproval?: (tx: Db, siteId: number, orderId: number) => Promise<void>
  /** What a reply hands out of an order that the access log records (a signature), for a kind whose orders hold any. */
  handedOut?: (order: Omit<Order, 'items'>) => HandedOut
  /** Before the save's transaction: the input's defaults and the checks that need no lock; answers what `build` takes. */
  prepare(db: Db, actor: Actor, input: Input, today: string): Ready | Promise<Ready>
  /**
   * Inside the save's transaction, after the lock, so that its checks against the site and stock
   * see what a concurrent save did: checks the order and makes it. `saved`: the order changed, as it was.
   */
  build(tx: Db, save: { actor: Actor; input: Input; ready: Ready; saved?: Order; today: string }): Promise<OrderToSave>
}

/**
 * A kind's service: list, read, save, delete and check its orders. A read or a page that hands out
 * anything the access log records (see handedOut) is logged as read.
 */
export function orderService<Input extends OrderInput, Ready, Query, Order extends OrderRead>(
  kind: OrderKindSpec<Input, Ready, Query, Order>,
) {
  const t = kind.reads.tables
  return {
    /** A page of the site's orders, latest date first. */
    async list(db: Db, actor: Actor, query: Query, today: string) {
      const page = await kind.reads.list(db, actor.siteId, query, today)
      if (kind.handedOut) await logAccess(db, actor, 'read', page.list.map(kind.handedOut))
      return page
    },

    /** An order of the site with its items, else undefined. */
    async read(db: Db, actor: Actor, id: number, today: string) {
      const order = await kind.reads.get(db, actor.siteId, id, today)
      if (order && kind.handedOut) await logAccess(db, actor, 'read', [kind.handedOut(order)])
      return order
    },

    /**
     * Saves an order with its items and the audit entry in one transaction, once per request_id
     * (see saveOnce): with `input.id` it changes that order, locked first and only while pending
     * (its number stays; its items are replaced), else it makes one and numbers it after the insert
     * (the number holds the id). Answers the order's id.
     */
    async save(db: Db, actor: Actor, input: Input, today: string): Promise<number> {
      const ready = await kind.prepare(db, actor, input, today)
      return saveOnce(db, actor.siteId, input.requestId, async (tx) => {
        let existingNo = ''
        let saved: Order | undefined
        if (input.id !== undefined) {
          const existing = await lockOrder(tx, t, actor.siteId, input.id)
          if (existing.status !== 'pending') throw notInStatus('edit', existing.status)
          existingNo = existing.no
          saved = await kind.reads.get(tx, actor.siteId, input.id, today)
        }
        const order = await kind.build(tx, { actor, input, ready, saved, today })
        const values = { ...order.values, updatedAt: new Date(), updatedBy: actor.accountId }

        let id: number
        if (input.id === undefined) {
          id = await orders.insertOrder(tx, t, {
            ...values,
            ...order.createOnly,
            siteId: actor.siteId,
            createdBy: actor.accountId,
          })
          const no = orderNo(kind.prefix(input), today, id)
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
    },

    /** Soft-deletes a pending order of the site (kept for audit). */
    async delete(db: Db, actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const order = await lockOrder(tx, t, actor.siteId, id)
        if (order.status !== 'pending') throw notInStatus('delete', order.status)
        await orders.updateOrder(tx, t, id, { deletedAt: new Date(), deletedBy: actor.accountId })
        await writeAudit(tx, { ...actor, action: 'delete', entity: t.entity, entityId: id })
      })
    },

    /**
     * Approves, rejects or reverses an order of the site in one transaction: the order row is
     * locked first, so that a second check of the same order waits and then finds it checked; then
     * its batches (see orders.lockMovingItems). Answers the order as it is now, read after the
     * writes on the transaction's connection: read after the commit, the request waited its turn
     * for a connection of the pool a second time, behind every request that came in meanwhile.
     */
    async check(db: Db, checker: Checker, body: CheckBody, today: string): Promise<Order> {
      const action = checkActionOf(body)
      return db.transaction(async (tx) => {
        const order = await lockOrder(tx, t, checker.siteId, body.id)
        const check = await planCheck(tx, checker, kind, { ...order, id: body.id }, action, today)
        // The batches' guard repeats the checks of stockMove in SQL: the rows are locked, so it holds.
        if ((await orders.recordCheck(tx, t, check)) !== check.batchDeltas.size) {
          throw new Error(`batches of ${t.kind} ${body.id} changed under their lock`)
        }
        return (await kind.reads.get(tx, checker.siteId, body.id, today))!
      })
    },
  }
}

// ---------------------------------------------------------------------------------------------
// Four eyes

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

// ---------------------------------------------------------------------------------------------
// Checking: approve, reject, reverse

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

/**
 * How a check changes the items' batches: approving a kind whose stock goes `out` takes the
 * quantities out and reversing it puts them back; a kind whose stock comes `in` the other way
 * round. The items come with their batches locked (orders.lockMovingItems), and the check writes
 * the move (orders.recordCheck). Taking out checks every batch first and fails when one has too
 * few, or, approving, is expired: the AppError names the row (1-based), the product and the batch.
 */
function stockMove(
  siteId: number,
  order: { kind: OrderKind; id: number; stock: 'out' | 'in' },
  items: MovingItem[],
  action: 'approve' | 'reverse',
  today: string,
): StockMove {
  const takesOut = (order.stock === 'in') === (action === 'reverse')
  const perBatch = new Map<number, number>()
  items.forEach((item, i) => {
    // Batches are never deleted and orders keep to their site's: another site's is a broken database.
    if (item.batch_site_id !== siteId)
      throw new Error(`batch ${item.batch_id} of ${order.kind} ${order.id} is not the site's`)
    const total = (perBatch.get(item.batch_id) ?? 0) + item.quantity
    perBatch.set(item.batch_id, total)
    if (!takesOut) return
    const params = { row: i + 1, product: item.product_name, batch: item.batch_no }
    if (action === 'approve' && isExpired(item.expiry_date, today)) {
      throw new AppError(Code.STOCK, 'stock.expired', { ...params, expiry: item.expiry_date })
    }
    if (total > item.available) {
      // Reversing an inbound order: what it brought in has gone out since.
      const key = action === 'approve' ? 'stock.insufficient' : 'stock.reverseUsed'
      throw new AppError(Code.STOCK, key, { ...params, quantity: total, available: item.available })
    }
  })
  const sign = takesOut ? -1 : 1
  return {
    batchDeltas: new Map([...perBatch].map(([batchId, quantity]) => [batchId, sign * quantity])),
    movements: items.map((item) => ({ itemId: item.id, batchId: item.batch_id, delta: sign * item.quantity })),
  }
}

/** No stock moves: a rejection. */
const noStockMove: StockMove = { batchDeltas: new Map(), movements: [] }

/**
 * Works out a check of a locked, live order inside the caller's transaction: approving moves its
 * items' stock (or fails), reversing moves it back, rejecting records the reason. Only a pending
 * order can be approved or rejected, only an approved one reversed; nobody who changed it may do
 * either, nor its maker unless the site allows (see fourEyes). Answers what the check writes (see
 * orders.recordCheck).
 */
async function planCheck(
  db: Db,
  actor: Checker,
  kind: Pick<OrderKindSpec<never, unknown, never, OrderRead>, 'reads' | 'stock' | 'beforeApproval'>,
  order: Makers & { id: number; status: OrderStatus },
  action: CheckAction,
  today: string,
): Promise<orders.OrderCheck> {
  const t = kind.reads.tables
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
    if (direction === 'approve') await kind.beforeApproval?.(db, actor.siteId, order.id)
    return stockMove(
      actor.siteId,
      { kind: t.kind, id: order.id, stock: kind.stock },
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
