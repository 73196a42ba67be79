import type { FormDefinition } from '../types.js'
import { FORM_PAGES } from './pages.js'

export const proofOfLostReceipt: FormDefinition = {
  ...FORM_PAGES.proofOfLostReceipt,
  sections: [
    {
      titleKey: 'form.section.customer',
      fields: [
        { key: 'customer_name', type: 'text', required: true, maxLength: 30, initial: 'customer.name' },
        { key: 'id_card', type: 'idCard', required: true },
        { key: 'phone', type: 'phone', required: true, initial: 'customer.phone' },
      ],
    },
    {
      titleKey: 'form.section.receipt',
      fields: [
        { key: 'receipt_no', type: 'text', required: true, maxLength: 40 },
        { key: 'amount', type: 'money', required: true, min: 0.01 },
        { key: 'issue_date', type: 'date', required: true },
        { key: 'paid_for', type: 'text', required: true, maxLength: 100 },
        { key: 'how_lost', type: 'textarea', required: true, maxLength: 500 },
        { key: 'id_card_photos', type: 'images' },
        { key: 'payment_proof_photos', type: 'images' },
      ],
    },
    {
      titleKey: 'form.section.declaration',
      fields: [
        { key: 'customer_signature', type: 'signature', required: true },
        { key: 'handler', type: 'text', required: true, maxLength: 30, initial: 'staff.name' },
        { key: 'sign_date', type: 'date', required: true, initial: 'workingDate' },
      ],
    },
  ],
}
