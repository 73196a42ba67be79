import { and, asc, count, eq, gte, inArray, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
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
import { prepared } from '../db/prepared.js';
import type { Db } from '../db/types.js';
import { customerOrText } from './customers.js';
import { groupByOrder, itemsDigest, itemViews, withTrail, type ItemRow, type OrderTables } from './orders.js';

// Outbound orders (outApply): `general` for a department (出库单), `gift` a gift pack for a customer
// (入住礼包出库). Pending until checked; approval takes the items out of their batches.

export const outApplyTables: OrderTables = {
  kind: 'out_apply',
  entity: 'out_applies',
  orders: outApplies,
  items: outApplyItems,
  itemOrderId: outApplyItems.applyId,
};

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

const selectItems = (db: Db, where: SQL) =>
  db
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
    .where(where)
    .orderBy(asc(outApplyItems.applyId), asc(outApplyItems.id));

function itemRows(db: Db, orderIds: number[]): Promise<ItemRow[]> {
  if (!orderIds.length) return Promise.resolve([]);
  return selectItems(db, inArray(outApplyItems.applyId, orderIds));
}

/** The orders as the API answers them: with their items (`items`, else fetched) and the items' digest. */
async function views(db: Db, rows: HeaderRow[], today: string, items?: ItemRow[]) {
  const itemsOf = groupByOrder(items ?? (await itemRows(db, rows.map((row) => row.id))));
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

// One order: what outApply/info and every save's and check's answer read, prepared.
const oneHeader = prepared((db) =>
  selectHeaders(
    db,
    and(eq(outApplies.id, sql.placeholder('id')), eq(outApplies.siteId, sql.placeholder('siteId')), isNull(outApplies.deletedAt)),
  ).prepare('out_apply_header'),
);
const oneOrderItems = prepared((db) => selectItems(db, eq(outApplyItems.applyId, sql.placeholder('id'))).prepare('out_apply_items'));

/** One live order of the site with its items, or undefined. */
export async function getOutApply(db: Db, siteId: number, id: number, today: string) {
  // Both at once; the items count only when the order is a live one of the site.
  const [headers, items] = await Promise.all([oneHeader(db).execute({ id, siteId }), oneOrderItems(db).execute({ id })]);
  const [view] = await views(db, headers, today, items);
  return view;
}

/** The type of an order (which cannot change). */
export async function outApplyType(db: Db, id: number): Promise<OutApplyType> {
  const [order] = await db.select({ type: outApplies.type }).from(outApplies).where(eq(outApplies.id, id));
  return order.type;
}

// ---------------------------------------------------------------------------------------------
// Counting

/** How many orders of each type the site made in [from, to), deleted ones left out. */
export function countOutApplies(db: Db, siteId: number, from: Date, to: Date) {
  return db
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
}
