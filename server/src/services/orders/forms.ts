import type { Db } from '../../db/types.js'
import { FormInvalidError } from '../../errors.js'
import { idOf, ITEMS, stockErrors } from '@yuezi/contract/forms/definitions/stockRules'
import type { FieldError, FormData, FormDefinition } from '@yuezi/contract/forms/types'
import { fieldsOf } from '@yuezi/contract/forms/validate'
import { batchesByIds, fenText, type Batch } from '../../repositories/stock.js'
import { checkAgainstSite, refuseClosedEntries } from '../siteOptions.js'

// What the kinds' saves share in reading their forms: text fields, field errors, and the rows of
// an order that takes stock out (its batches checked against the site and the stock).

/** Text of a validated text field, '' when empty. */
export const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

/** Refuses the save with the field errors, one message a field (the first), when there are any. */
export function throwFieldErrors(errors: FieldError[]) {
  const first = errors.filter((error, i, list) => list.findIndex((e) => e.path === error.path) === i)
  if (first.length) throw new FormInvalidError(first)
}

/**
 * The data of an order that takes stock out, against the site (inside the save's transaction): its
 * department, room, gift type, products and batches are the site's, each batch of its row's
 * product and not expired, and no batch is asked for more than it has now; none newly chosen is
 * retired or out of service (`kept`: see refuseClosedEntries). Throws the field errors; answers
 * the rows' batches.
 */
export async function checkTakenRows(
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

/**
 * An item row of a validated order that takes stock out: its product, batch (checked by
 * checkTakenRows) and quantity as the item table's columns, at `price` (yuan; default the
 * product's price now: the order's value stays what it was when saved), and the product's name
 * for the keyword search.
 */
export function takenItem(row: FormData, batches: Map<number, Batch>, price?: number) {
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
