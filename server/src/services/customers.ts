import type { Db } from '../db/types.js'
import { AppError, Code } from '../errors.js'
import * as customers from '../repositories/customers.js'

// The site's customers by room, with their babies: a plain read.
export { listCustomers } from '../repositories/customers.js'

/** One customer of the site with her babies; else not-found (also for another site's customer). */
export async function getCustomer(db: Db, siteId: number, id: number) {
  const customer = await customers.getCustomer(db, siteId, id)
  if (!customer) throw new AppError(Code.NOT_FOUND, 'customer.notFound')
  return customer
}
