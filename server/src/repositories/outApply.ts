import { eq } from 'drizzle-orm'
import { customers, departments, giftTypes, outApplies, outApplyItems } from '../db/schema.js'
import { columnsOf, itemsInOrder, itemViews, orderReads, orderTables, orderView, type OrderQuery } from './orders.js'

// Outbound orders (outApply): `general` for a department (出库单), `gift` a gift pack for a customer
// (入住礼包出库). Pending until checked; approval takes the items out of their batches.

const filters = { type: outApplies.type, customerId: outApplies.customerId, departmentId: outApplies.departmentId }

/** A page of outbound orders: the keyword looks in the number, requester, remark, department, gift type, products and customer. */
export type OutApplyQuery = OrderQuery<typeof filters>

export const outApplyReads = orderReads({
  tables: orderTables('out_apply', outApplies, outApplyItems, outApplyItems.applyId),
  columns: {
    ...columnsOf(outApplies, 'type', 'departmentId', 'customerId', 'giftTypeId', 'requester', 'applyDate', 'remark'),
    department_name: departments.name,
    customer_name: customers.name,
    room: customers.room,
    gift_type_name: giftTypes.name,
  },
  items: itemsInOrder,
  from: (select) =>
    select
      .from(outApplies)
      .leftJoin(departments, eq(departments.id, outApplies.departmentId))
      .leftJoin(customers, eq(customers.id, outApplies.customerId))
      .leftJoin(giftTypes, eq(giftTypes.id, outApplies.giftTypeId))
      .$dynamic(),
  date: outApplies.applyDate,
  filters,
  keywordCustomer: outApplies.customerId,
  countBy: outApplies.type,
  view: (row, today) => orderView(row, itemViews(row.items, today)),
})
