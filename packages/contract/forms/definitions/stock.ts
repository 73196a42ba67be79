import type { Field, FormDefinition } from '../types.js'
import { FORM_PAGES } from './pages.js'
import { product, sumOf } from '../compute.js'
import { ITEMS } from './stockRules.js'

// The stock forms. 出库单, 入住礼包出库, 自费物品消费表 and 入库单 are orders (outApply/save,
// specialCare/save, inbound/save): their data is the save's body, validated with these definitions
// and then against the site's products, batches and stock. 礼包领取明细表 is a care form record (saveForm).

/** A row's product, its batch (the batches of that product) and how many. */
const product_id: Field = { key: 'product_id', type: 'select', required: true, optionsSource: 'productList' }
const batch_id: Field = { key: 'batch_id', type: 'select', required: true, optionsSource: 'getProductBatch' }
const quantity: Field = { key: 'quantity', type: 'number', required: true, min: 1, max: 9999 }
const itemRow: Field[] = [product_id, batch_id, quantity]
/** A self-paid order's row: only products sold to customers. */
const soldItemRow: Field[] = [{ ...product_id, optionsSource: 'selfPaidProductList' }, batch_id, quantity]

const items = (rows: Field[]): Field => ({ key: ITEMS, type: 'rows', required: true, minItems: 1, maxItems: 50, rows })
const remark: Field = { key: 'remark', type: 'textarea', maxLength: 500 }

/** 出库单: a department draws supplies from the store (outApply type general). */
export const outApplyGeneral: FormDefinition = {
  ...FORM_PAGES.outApplyGeneral,
  sections: [
    {
      titleKey: 'form.section.outbound',
      fields: [
        { key: 'department_id', type: 'select', required: true, optionsSource: 'departmentList' },
        { key: 'requester', type: 'text', required: true, maxLength: 30, initial: 'staff.name' },
        { key: 'apply_date', type: 'date', required: true, initial: 'workingDate' },
      ],
    },
    { titleKey: 'form.section.items', fields: [items(itemRow), remark] },
  ],
}

/** 入住礼包出库: a gift pack for a customer (outApply type gift); the gift type's package fills the rows. */
export const outApplyGift: FormDefinition = {
  ...FORM_PAGES.outApplyGift,
  sections: [
    {
      titleKey: 'form.section.gift',
      fields: [
        { key: 'customer_id', type: 'customer', required: true },
        { key: 'gift_type_id', type: 'select', required: true, optionsSource: 'giftTypeList' },
        { key: 'apply_date', type: 'date', required: true, initial: 'workingDate' },
      ],
    },
    { titleKey: 'form.section.items', fields: [items(itemRow), remark] },
  ],
}

/** 自费物品消费表: self-paid items a customer takes (specialCare); subtotals and total computed in fen. */
export const specialCare: FormDefinition = {
  ...FORM_PAGES.specialCare,
  sections: [
    {
      titleKey: 'form.section.consumption',
      fields: [
        { key: 'customer_id', type: 'customer', required: true },
        {
          key: 'room',
          type: 'select',
          required: true,
          optionsSource: 'floorList',
          initial: 'customer.room',
          range: 'otherRoom',
        },
        { key: 'consume_date', type: 'date', required: true, initial: 'workingDate' },
      ],
    },
    {
      titleKey: 'form.section.items',
      fields: [
        items([
          ...soldItemRow,
          // The product list's price: the server keeps that one, whatever is sent.
          { key: 'price', type: 'money', required: true, readOnly: true },
          {
            key: 'subtotal',
            type: 'computed',
            unitKey: 'form.unit.yuan',
            compute: (row) => product(row.price, row.quantity),
          },
        ]),
        // After the rows: withComputed computes the rows' subtotals first.
        {
          key: 'total',
          type: 'computed',
          unitKey: 'form.unit.yuan',
          compute: (data) => sumOf(data[ITEMS], 'subtotal'),
        },
        remark,
      ],
    },
    {
      titleKey: 'form.section.signatures',
      fields: [{ key: 'signature', type: 'signature', required: true, labelKey: 'form.field.customer_signature' }],
    },
  ],
}

/** 入库单: goods received from a supplier, each row a batch of a product; approval puts them in stock. */
export const inbound: FormDefinition = {
  ...FORM_PAGES.inbound,
  sections: [
    {
      titleKey: 'form.section.inbound',
      fields: [
        { key: 'supplier', type: 'text', required: true, maxLength: 50 },
        { key: 'inbound_date', type: 'date', required: true, initial: 'workingDate' },
      ],
    },
    {
      titleKey: 'form.section.items',
      fields: [
        items([
          product_id,
          { key: 'batch_no', type: 'text', required: true, maxLength: 40 },
          { key: 'production_date', type: 'date' },
          { key: 'expiry_date', type: 'date', required: true, future: true },
          quantity,
          { key: 'unit_cost', type: 'money', required: true },
        ]),
        remark,
      ],
    },
  ],
}

/** 礼包领取明细表: what a customer received from a gift pack, signed for (a care form record). */
export const giftCollection: FormDefinition = {
  ...FORM_PAGES.giftCollection,
  sections: [
    {
      titleKey: 'form.section.gift',
      fields: [
        { key: 'customer_id', type: 'customer', required: true },
        { key: 'gift_type_id', type: 'select', required: true, optionsSource: 'giftTypeList' },
        { key: 'receive_date', type: 'date', required: true, initial: 'workingDate' },
      ],
    },
    { titleKey: 'form.section.items', fields: [items(itemRow)] },
    {
      titleKey: 'form.section.signatures',
      fields: [
        { key: 'receiver_signature', type: 'signature', required: true },
        { key: 'handler', type: 'text', required: true, maxLength: 30, initial: 'staff.name' },
      ],
    },
  ],
}
