import { eq } from 'drizzle-orm'
import { customers, specialCareItems, specialCares } from '../db/schema.js'
import { columnsOf, itemsInOrder, itemViews, orderReads, orderTables, orderView, type OrderQuery } from './orders.js'
import { yuan } from './stock.js'

// Self-paid item orders of a customer (specialCare, 自费物品消费表): items at a unit price,
// subtotals and the total computed by the server in fen. Pending until checked; approval takes
// the items out of their batches.

const filters = { customerId: specialCares.customerId }

/** A page of self-paid orders: the keyword looks in the number, remark, products and customer. */
export type SpecialCareQuery = OrderQuery<typeof filters>

export const specialCareReads = orderReads({
  tables: orderTables('special_care', specialCares, specialCareItems, specialCareItems.careId),
  columns: {
    ...columnsOf(specialCares, 'customerId', 'room', 'consumeDate', 'remark', 'signature', 'total'),
    customer_name: customers.name,
  },
  items: itemsInOrder,
  from: (select) =>
    select.from(specialCares).innerJoin(customers, eq(customers.id, specialCares.customerId)).$dynamic(),
  date: specialCares.consumeDate,
  filters,
  keywordCustomer: specialCares.customerId,
  // The stored total, not the items' sum: what the customer signed for.
  view: (row, today) => ({ ...orderView(row, itemViews(row.items, today)), total: yuan(row.total) }),
})
