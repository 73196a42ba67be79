import { and, asc, count, eq, gte, inArray, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/types.js';
import {
  customers,
  departments,
  giftTypes,
  outApplies,
  outApplyItems,
  products,
  stockBatches,
  type OrderStatus,
  type OutApplyType,
} from '../db/schema.js';
import { AppError, Code, FormInvalidError } from '../errors.js';
import { idOf, ITEMS, outApplyGeneral, outApplyGift, validateForm, type FormData } from '../lib/forms.js';
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
import { fenText } from './stock.js';

// Outbound orders (outApply): `general` for a department (出库单), `gift` a gift pack for a customer
// (入住礼包出库). Pending until checked; approval takes the items out of their batches.

const TABLES: OrderTables = {
  kind: 'out_apply',
  entity: 'out_applies',
  orders: outApplies,
  items: outApplyItems,
  itemOrderId: outApplyItems.applyId,
};
const DEFINITIONS = { general: outApplyGeneral, gift: outApplyGift } as const;
const PREFIX = { general: 'CK', gift: 'LB' } as const;


// ---------------------------------------------------------------------------------------------
// Reading

const headerColumns = {
  id: outApplies.id,
  no: outApplies.no,
  type: outApplies.type,
  status: outApplies.status,
  department_id: outApplies.departmentId,
  department_name: departments.name,
  customer_id: outApplies.customerId,
  customer_name: customers.name,
  room: customers.room,
  gift_type_id: outApplies.giftTypeId,
  gift_type_name: giftTypes.name,
  requester: outApplies.requester,
  apply_date: outApplies.applyDate,
  remark: outApplies.remark,
  reason: outApplies.reason,
  created_at: outApplies.createdAt,
  created_by: outApplies.createdBy,
  updated_at: outApplies.updatedAt,
  updated_by: outApplies.updatedBy,
  checked_at: outApplies.checkedAt,
  checked_by: outApplies.checkedBy,
  reversed_at: outApplies.reversedAt,
  reversed_by: outApplies.reversedBy,
};

const selectHeaders = (db: Db, where: SQL | undefined) =>
  db
    .select(headerColumns)
    .from(outApplies)
    .leftJoin(departments, eq(departments.id, outApplies.departmentId))
    .leftJoin(customers, eq(customers.id, outApplies.customerId))
    .leftJoin(giftTypes, eq(giftTypes.id, outApplies.giftTypeId))
    .where(where);

type HeaderRow = Awaited<ReturnType<typeof selectHeaders>>[number];

function itemRows(db: Db, orderIds: number[]): Promise<ItemRow[]> {
  if (!orderIds.length) return Promise.resolve([]);
  return db
    .select({
      order_id: outApplyItems.applyId,
      id: outApplyItems.id,
      product_id: outApplyItems.productId,
      product_name: products.name,
      spec: products.spec,
      unit: products.unit,
      batch_id: outApplyItems.batchId,
      batch_no: stockBatches.batchNo,
      production_date: stockBatches.productionDate,
      expiry_date: stockBatches.expiryDate,
      available: stockBatches.quantity,
      quantity: outApplyItems.quantity,
      price: outApplyItems.price,
    })
    .from(outApplyItems)
    .innerJoin(products, eq(products.id, outApplyItems.productId))
    .innerJoin(stockBatches, eq(stockBatches.id, outApplyItems.batchId))
    .where(inArray(outApplyItems.applyId, orderIds))
    .orderBy(asc(outApplyItems.applyId), asc(outApplyItems.id));
}

/** The orders as the API answers them: with their items and the items' digest. */
async function views(db: Db, rows: HeaderRow[], today: string) {
  const itemsOf = groupByOrder(await itemRows(db, rows.map((row) => row.id)));
  return (await withTrail(db, rows)).map((row) => {
    const items = itemViews(itemsOf.get(row.id) ?? [], today);
    return { ...row, ...itemsDigest(items), items };
  });
}

export interface OrderQuery {
  page: number;
  limit: number;
  /** The number, requester, remark, department, gift type or a product's name; or the customer's name, room or phone. */
  keyword?: string;
  status?: OrderStatus;
  type?: OutApplyType;
  customerId?: number;
  departmentId?: number;
  /** apply_date from and to, both included (YYYY-MM-DD). */
  dateFrom?: string;
  dateTo?: string;
}

/** The site's live orders, latest date first. */
export async function listOutApplies(db: Db, siteId: number, query: OrderQuery, today: string) {
  const conditions: (SQL | undefined)[] = [eq(outApplies.siteId, siteId), isNull(outApplies.deletedAt)];
  if (query.status) conditions.push(eq(outApplies.status, query.status));
  if (query.type) conditions.push(eq(outApplies.type, query.type));
  if (query.customerId !== undefined) conditions.push(eq(outApplies.customerId, query.customerId));
  if (query.departmentId !== undefined) conditions.push(eq(outApplies.departmentId, query.departmentId));
  if (query.dateFrom) conditions.push(gte(outApplies.applyDate, query.dateFrom));
  if (query.dateTo) conditions.push(lte(outApplies.applyDate, query.dateTo));
  const keyword = query.keyword?.trim();
  if (keyword) {
    conditions.push(await customerOrText(db, siteId, keyword, outApplies));
  }
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    selectHeaders(db, where)
      // The order of out_applies_site_date_idx.
      .orderBy(sql`${outApplies.applyDate} desc nulls last`, sql`${outApplies.id} desc nulls last`)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(outApplies).where(where),
  ]);
  // A list row shows the digest; info has the items.
  const list = (await views(db, rows, today)).map(({ items: _, ...row }) => row);
  return { list, total };
}

/** One live order of the site with its items, or undefined. */
export async function getOutApply(db: Db, siteId: number, id: number, today: string) {
  const [view] = await views(db, await selectHeaders(db, liveOrder(TABLES, siteId, id)), today);
  return view;
}

// ---------------------------------------------------------------------------------------------
// Saving

export interface OutApplyInput {
  /** Update this pending order instead of creating one. */
  id?: number;
  type: OutApplyType;
  /** The fields of the type's form (src/forms/definitions/stock.ts): the save's body. */
  data: FormData;
  requestId?: string;
}

/**
 * Validates the order with its form and the site's records and stock, and saves it with its items
 * and the audit entry in one transaction. Only a pending order can be changed, and not its type.
 */
export async function saveOutApply(db: Db, actor: Actor, input: OutApplyInput, today: string): Promise<number> {
  const definition = DEFINITIONS[input.type];
  const { data } = input;
  const errors = validateForm(definition, data);
  if (errors.length) throw new FormInvalidError(errors);
  const rows = data[ITEMS] as FormData[];

  return saveOrder(db, actor, TABLES, input, today, async (tx) => {
    if (input.id !== undefined) {
      // saveOrder has locked the order and found it pending; its type cannot change.
      const [existing] = await tx.select({ type: outApplies.type }).from(outApplies).where(eq(outApplies.id, input.id));
      if (existing.type !== input.type) throw new AppError(Code.INVALID_INPUT, 'order.typeFixed');
    }
    const customerId = input.type === 'gift' ? (data.customer_id as number) : null;
    if (customerId !== null && !(await siteCustomer(tx, actor.siteId, customerId))) {
      throw new AppError(Code.NOT_FOUND, 'customer.notFound');
    }
    const batches = await checkOrderData(tx, actor.siteId, definition, data, today);

    const departmentId = idOf(data.department_id) ?? null;
    const giftTypeId = idOf(data.gift_type_id) ?? null;
    // Names for the keyword search (both checked as the site's above).
    const [department] = departmentId
      ? await tx
          .select({ name: departments.name })
          .from(departments)
          .where(and(eq(departments.id, departmentId), eq(departments.siteId, actor.siteId)))
      : [];
    const [giftType] = giftTypeId
      ? await tx
          .select({ name: giftTypes.name })
          .from(giftTypes)
          .where(and(eq(giftTypes.id, giftTypeId), eq(giftTypes.siteId, actor.siteId)))
      : [];
    const requester = textOf(data.requester);
    const remark = textOf(data.remark);
    const items = rows.map((row) => {
      const batch = batches.get(idOf(row.batch_id)!)!;
      return {
        productId: batch.product_id,
        batchId: batch.id,
        quantity: row.quantity as number,
        price: batch.price,
        name: batch.product_name,
      };
    });
    return {
      values: { departmentId, customerId, giftTypeId, requester, applyDate: data.apply_date as string, remark },
      createOnly: { type: input.type },
      prefix: PREFIX[input.type],
      searchText: (no) =>
        [no, requester, remark, department?.name, giftType?.name, ...items.map((item) => item.name)].filter(Boolean).join('\n'),
      items: (applyId) =>
        items.map((item) => ({
          applyId,
          productId: item.productId,
          batchId: item.batchId,
          quantity: item.quantity,
          // The product's price now: the order's value stays what it was when saved.
          price: fenText(Math.round(item.price * 100)),
        })),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Deleting, checking

/** Soft-deletes a pending order of the site (kept for audit). */
export const deleteOutApply = (db: Db, actor: Actor, id: number) => deleteOrder(db, actor, TABLES, id);

/** Approves, rejects or reverses an order of the site in one transaction (see checkOrder); answers it as it is now. */
export async function checkOutApply(
  db: Db,
  actor: Actor,
  body: { id: number; approve?: boolean; reverse?: boolean; reason?: string },
  today: string,
) {
  await checkOrder(db, actor, TABLES, body, today);
  return (await getOutApply(db, actor.siteId, body.id, today))!;
}

// ---------------------------------------------------------------------------------------------
// Counting

/** How many orders of each form (出库单, 入住礼包出库) the site made in [from, to), deleted ones left out. */
export async function countOutApplies(db: Db, siteId: number, from: Date, to: Date): Promise<Record<string, number>> {
  const rows = await db
    .select({ type: outApplies.type, n: count() })
    .from(outApplies)
    .where(
      and(
        eq(outApplies.siteId, siteId),
        gte(outApplies.createdAt, from),
        lt(outApplies.createdAt, to),
        isNull(outApplies.deletedAt),
      ),
    )
    .groupBy(outApplies.type);
  return Object.fromEntries(rows.map((row) => [DEFINITIONS[row.type].name, row.n]));
}
