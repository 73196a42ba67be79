import { and, asc, count, eq, gte, inArray, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/types.js';
import { customers, products, specialCareItems, specialCares, stockBatches, type OrderStatus } from '../db/schema.js';
import { AppError, Code, FormInvalidError } from '../errors.js';
import {
  idOf,
  isEmpty,
  ITEMS,
  selfPaidItems,
  validateForm,
  withComputed,
  withoutComputed,
  type FormData,
} from '../lib/forms.js';
import { customerOrText } from './customers.js';
import type { Actor } from './formRecords.js';
import {
  checkOrder,
  checkOrderData,
  deleteOrder,
  groupByOrder,
  itemsDigest,
  itemViews,
  liveOrder,
  saveOrder,
  siteCustomer,
  textOf,
  withTrail,
  type ItemRow,
  type OrderTables,
} from './orders.js';
import { fenText, yuan } from './stock.js';

// Self-paid item orders of a customer (specialCare, 自费物品消费表): items at a unit price,
// subtotals and the total computed by the server in fen. Pending until checked; approval takes
// the items out of their batches.

const TABLES: OrderTables = {
  kind: 'special_care',
  entity: 'special_cares',
  orders: specialCares,
  items: specialCareItems,
  itemOrderId: specialCareItems.careId,
};
const PREFIX = 'ZF';


// ---------------------------------------------------------------------------------------------
// Reading

const headerColumns = {
  id: specialCares.id,
  no: specialCares.no,
  status: specialCares.status,
  customer_id: specialCares.customerId,
  customer_name: customers.name,
  room: specialCares.room,
  consume_date: specialCares.consumeDate,
  remark: specialCares.remark,
  signature: specialCares.signature,
  total: specialCares.total,
  reason: specialCares.reason,
  created_at: specialCares.createdAt,
  created_by: specialCares.createdBy,
  updated_at: specialCares.updatedAt,
  updated_by: specialCares.updatedBy,
  checked_at: specialCares.checkedAt,
  checked_by: specialCares.checkedBy,
  reversed_at: specialCares.reversedAt,
  reversed_by: specialCares.reversedBy,
};

const selectHeaders = (db: Db, where: SQL | undefined) =>
  db
    .select(headerColumns)
    .from(specialCares)
    .innerJoin(customers, eq(customers.id, specialCares.customerId))
    .where(where);

type HeaderRow = Awaited<ReturnType<typeof selectHeaders>>[number];

function itemRows(db: Db, orderIds: number[]): Promise<ItemRow[]> {
  if (!orderIds.length) return Promise.resolve([]);
  return db
    .select({
      order_id: specialCareItems.careId,
      id: specialCareItems.id,
      product_id: specialCareItems.productId,
      product_name: products.name,
      spec: products.spec,
      unit: products.unit,
      batch_id: specialCareItems.batchId,
      batch_no: stockBatches.batchNo,
      production_date: stockBatches.productionDate,
      expiry_date: stockBatches.expiryDate,
      available: stockBatches.quantity,
      quantity: specialCareItems.quantity,
      price: specialCareItems.price,
    })
    .from(specialCareItems)
    .innerJoin(products, eq(products.id, specialCareItems.productId))
    .innerJoin(stockBatches, eq(stockBatches.id, specialCareItems.batchId))
    .where(inArray(specialCareItems.careId, orderIds))
    .orderBy(asc(specialCareItems.careId), asc(specialCareItems.id));
}

async function views(db: Db, rows: HeaderRow[], today: string) {
  const itemsOf = groupByOrder(await itemRows(db, rows.map((row) => row.id)));
  return (await withTrail(db, rows)).map((row) => {
    const items = itemViews(itemsOf.get(row.id) ?? [], today);
    // The stored total: what the customer signed for.
    return { ...row, ...itemsDigest(items), total: yuan(row.total), items };
  });
}

export interface SpecialCareQuery {
  page: number;
  limit: number;
  /** The number, remark or a product's name; or the customer's name, room or phone. */
  keyword?: string;
  status?: OrderStatus;
  customerId?: number;
  /** consume_date from and to, both included (YYYY-MM-DD). */
  dateFrom?: string;
  dateTo?: string;
}

/** The site's live self-paid orders, latest date first. */
export async function listSpecialCares(db: Db, siteId: number, query: SpecialCareQuery, today: string) {
  const conditions: (SQL | undefined)[] = [eq(specialCares.siteId, siteId), isNull(specialCares.deletedAt)];
  if (query.status) conditions.push(eq(specialCares.status, query.status));
  if (query.customerId !== undefined) conditions.push(eq(specialCares.customerId, query.customerId));
  if (query.dateFrom) conditions.push(gte(specialCares.consumeDate, query.dateFrom));
  if (query.dateTo) conditions.push(lte(specialCares.consumeDate, query.dateTo));
  const keyword = query.keyword?.trim();
  if (keyword) {
    conditions.push(await customerOrText(db, siteId, keyword, specialCares));
  }
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    selectHeaders(db, where)
      // The order of special_cares_site_date_idx.
      .orderBy(sql`${specialCares.consumeDate} desc nulls last`, sql`${specialCares.id} desc nulls last`)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(specialCares).where(where),
  ]);
  // A list row shows the digest; info has the items.
  const list = (await views(db, rows, today)).map(({ items: _, ...row }) => row);
  return { list, total };
}

/** One live self-paid order of the site with its items, or undefined. */
export async function getSpecialCare(db: Db, siteId: number, id: number, today: string) {
  const [view] = await views(db, await selectHeaders(db, liveOrder(TABLES, siteId, id)), today);
  return view;
}

// ---------------------------------------------------------------------------------------------
// Saving

export interface SpecialCareInput {
  /** Update this pending order instead of creating one. */
  id?: number;
  /** The fields of 自费物品消费表 (src/forms/definitions/stock.ts): the save's body. */
  data: FormData;
  requestId?: string;
}

/**
 * Validates the order with its form and the site's records and stock, computes the subtotals and
 * the total, and saves it with its items and the audit entry in one transaction. Only a pending
 * order can be changed.
 */
export async function saveSpecialCare(db: Db, actor: Actor, input: SpecialCareInput, today: string): Promise<number> {
  const definition = selfPaidItems;
  const data = withoutComputed(definition, input.data);
  // Another site's customer is not found (before the form's rules: her room would be missing); the room defaults to hers.
  const customerId = typeof data.customer_id === 'number' ? idOf(data.customer_id) : undefined;
  if (customerId !== undefined) {
    const customer = await siteCustomer(db, actor.siteId, customerId);
    if (!customer) throw new AppError(Code.NOT_FOUND, 'customer.notFound');
    if (isEmpty(data.room)) data.room = customer.room;
  }
  const errors = validateForm(definition, data);
  if (errors.length) throw new FormInvalidError(errors);
  const computed = withComputed(definition, data, { today });
  const rows = computed[ITEMS] as FormData[];

  return saveOrder(db, actor, TABLES, input, today, async (tx) => {
    const customer = await siteCustomer(tx, actor.siteId, data.customer_id as number);
    if (!customer) throw new AppError(Code.NOT_FOUND, 'customer.notFound');
    const batches = await checkOrderData(tx, actor.siteId, definition, data, today);

    const remark = textOf(data.remark);
    const items = rows.map((row) => {
      const batch = batches.get(idOf(row.batch_id)!)!;
      return {
        productId: batch.product_id,
        batchId: batch.id,
        quantity: row.quantity as number,
        price: row.price as number,
        subtotal: row.subtotal as number,
        name: batch.product_name,
      };
    });
    return {
      values: {
        customerId: customer.id,
        room: data.room as string,
        consumeDate: data.consume_date as string,
        remark,
        signature: typeof data.signature === 'string' && data.signature ? data.signature : null,
        total: fenText(Math.round((computed.total as number) * 100)),
      },
      prefix: PREFIX,
      searchText: (no) => [no, remark, ...items.map((item) => item.name)].filter(Boolean).join('\n'),
      items: (careId) =>
        items.map((item) => ({
          careId,
          productId: item.productId,
          batchId: item.batchId,
          quantity: item.quantity,
          price: fenText(Math.round(item.price * 100)),
          subtotal: fenText(Math.round(item.subtotal * 100)),
        })),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Deleting, checking

/** Soft-deletes a pending self-paid order of the site (kept for audit). */
export const deleteSpecialCare = (db: Db, actor: Actor, id: number) => deleteOrder(db, actor, TABLES, id);

/** Approves, rejects or reverses a self-paid order of the site in one transaction (see checkOrder); answers it as it is now. */
export async function checkSpecialCare(
  db: Db,
  actor: Actor,
  body: { id: number; approve?: boolean; reverse?: boolean; reason?: string },
  today: string,
) {
  await checkOrder(db, actor, TABLES, body, today);
  return (await getSpecialCare(db, actor.siteId, body.id, today))!;
}

// ---------------------------------------------------------------------------------------------
// Counting

/** How many self-paid orders the site made in [from, to), by form name (自费物品消费表); deleted ones left out. */
export async function countSpecialCares(db: Db, siteId: number, from: Date, to: Date): Promise<Record<string, number>> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(specialCares)
    .where(
      and(
        eq(specialCares.siteId, siteId),
        gte(specialCares.createdAt, from),
        lt(specialCares.createdAt, to),
        isNull(specialCares.deletedAt),
      ),
    );
  return n ? { [selfPaidItems.name]: n } : {};
}
