import type { FormDefinition } from '../types.js'
import { FORM_PAGES } from './pages.js'
import { product } from '../compute.js'

const MEALS = ['breakfast', 'lunch', 'dinner']

const mealCount = (data: Record<string, unknown>) =>
  MEALS.reduce((n, key) => n + (typeof data[key] === 'number' ? (data[key] as number) : 0), 0)

export const familyFood: FormDefinition = {
  ...FORM_PAGES.familyFood,
  atLeastOne: MEALS,
  sections: [
    {
      titleKey: 'form.section.order',
      fields: [
        { key: 'customer_id', type: 'customer', required: true },
        { key: 'meal_date', type: 'date', required: true, initial: 'workingDate', future: true },
        { key: 'breakfast', type: 'number', min: 0, max: 20 },
        { key: 'lunch', type: 'number', min: 0, max: 20 },
        { key: 'dinner', type: 'number', min: 0, max: 20 },
        { key: 'unit_price', type: 'money', required: true },
        {
          key: 'amount',
          type: 'computed',
          unitKey: 'form.unit.yuan',
          compute: (data) => product(data.unit_price, mealCount(data)),
        },
        { key: 'diet_notes', type: 'textarea', maxLength: 500 },
        { key: 'family_signature', type: 'signature', required: true },
      ],
    },
  ],
}
