import type { FormDefinition } from '../types.js'
import { FORM_PAGES } from './pages.js'
import { options } from './options.js'

// The rules text comes from the server (getSurvey); this is the acknowledgement (answerSave).
export const checkNotice: FormDefinition = {
  ...FORM_PAGES.checkNotice,
  onePerCustomer: true,
  sections: [
    {
      titleKey: 'form.section.acknowledgement',
      fields: [
        { key: 'agree', type: 'multiselect', required: true, options: options('agree', ['yes']) },
        { key: 'customer_signature', type: 'signature', required: true },
        { key: 'sign_date', type: 'date', required: true, initial: 'workingDate' },
      ],
    },
  ],
}
