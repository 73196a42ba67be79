import type { FormDefinition } from '../types.js'

// 期初库存: the stock a centre has on the day it starts, imported from a spreadsheet, a row per
// batch. The product is named as the product list names it (its name and specification).

export const openingStock: FormDefinition = {
  name: '期初库存',
  titleKey: 'form.title.openingStock',
  route: '',
  sections: [
    {
      titleKey: '',
      fields: [
        { key: 'product_name', type: 'text', required: true, maxLength: 100 },
        { key: 'specification', type: 'text', maxLength: 100 },
        { key: 'batch_no', type: 'text', required: true, maxLength: 50 },
        { key: 'production_date', type: 'date' },
        { key: 'expiry_date', type: 'date', required: true, future: true },
        { key: 'quantity', type: 'number', required: true, min: 1, max: 999999 },
        { key: 'unit_cost', type: 'money', required: true },
      ],
    },
  ],
}
