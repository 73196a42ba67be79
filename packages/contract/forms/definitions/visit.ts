import type { FormDefinition } from '../types.js'
import { FORM_PAGES } from './pages.js'
import { options } from './options.js'
import { VISITOR_FEVER } from '../ranges.js'

const SYMPTOMS = ['fever', 'cough', 'soreThroat', 'diarrhoea', 'rash']

export const visit: FormDefinition = {
  ...FORM_PAGES.visit,
  sections: [
    {
      titleKey: 'form.section.visitor',
      fields: [
        { key: 'visitor_name', type: 'text', required: true, maxLength: 30 },
        { key: 'phone', type: 'phone', required: true },
        {
          key: 'relation',
          type: 'select',
          required: true,
          options: options('relation', ['husband', 'parent', 'parentInLaw', 'relative', 'other']),
        },
        { key: 'customer_id', type: 'customer', required: true },
        { key: 'visitors', type: 'number', required: true, min: 1, max: 10 },
        {
          key: 'temperature',
          type: 'number',
          required: true,
          min: 34,
          max: 42,
          decimals: 1,
          unitKey: 'form.unit.celsius',
          range: 'visitorFever',
        },
        {
          key: 'health',
          type: 'multiselect',
          required: true,
          // The first two are the declaration's earlier answers, kept so that older visits still read.
          options: options('health', [
            'noFever',
            'noCough',
            'none',
            'fever',
            'cough',
            'soreThroat',
            'diarrhoea',
            'rash',
          ]),
          excludes: { noFever: ['fever'], noCough: ['cough'], none: SYMPTOMS },
          // A temperature at or above the fever line is a fever, whatever was ticked.
          contradictedBy: [{ option: 'noFever', field: 'temperature', atLeast: VISITOR_FEVER }],
        },
      ],
    },
    {
      titleKey: 'form.section.time',
      fields: [
        { key: 'time_in', type: 'datetime', required: true, range: 'visitingHours' },
        { key: 'flag_reason', type: 'textarea', maxLength: 200, flagReason: true },
        { key: 'time_out', type: 'datetime' },
        { key: 'remark', type: 'textarea', maxLength: 500 },
        { key: 'visitor_signature', type: 'signature', required: true },
      ],
    },
  ],
}
