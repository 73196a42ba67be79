import type { Field, FormData, FormDefinition } from '../types.js'
import { FORM_PAGES } from './pages.js'
import { fromFen, product, toFen } from '../compute.js'

const MEALS = ['breakfast', 'lunch', 'dinner']

/** An order saved before each meal had its own price holds one price for every meal. */
const EARLIER_PRICE = 'unit_price'

/** A meal's price: its own, or the one price of an order saved before meals were priced apart. */
const priceOf = (data: FormData, meal: string) => data[`${meal}_price`] ?? data[EARLIER_PRICE]

/** What the order costs: each meal's count at that meal's price; nothing until a price is given. */
function amountOf(data: FormData) {
  const costs = MEALS.map((meal) => product(priceOf(data, meal), data[meal] ?? 0))
  return costs.some((cost) => cost !== null) ? fromFen(costs.reduce((fen: number, cost) => fen + toFen(cost), 0)) : null
}

/** A meal's count and, once any is ordered, its price. */
const mealFields = (meal: string): Field[] => [
  { key: meal, type: 'number', min: 0, max: 20 },
  { key: `${meal}_price`, type: 'money', requiredWith: meal },
]

/** An order saved with one price: that price becomes the price of each meal it ordered. */
function upgrade({ [EARLIER_PRICE]: price, ...data }: FormData): FormData {
  if (price === undefined) return data
  for (const meal of MEALS) if (Number(data[meal]) > 0) data[`${meal}_price`] ??= price
  return data
}

export const familyFood: FormDefinition = {
  ...FORM_PAGES.familyFood,
  atLeastOne: MEALS,
  upgrade,
  sections: [
    {
      titleKey: 'form.section.order',
      fields: [
        { key: 'customer_id', type: 'customer', required: true },
        { key: 'meal_date', type: 'date', required: true, initial: 'workingDate', future: true },
        ...MEALS.flatMap(mealFields),
        { key: 'amount', type: 'computed', unitKey: 'form.unit.yuan', compute: amountOf },
        { key: 'diet_notes', type: 'textarea', maxLength: 500 },
        { key: 'family_signature', type: 'signature', required: true },
      ],
    },
  ],
}
