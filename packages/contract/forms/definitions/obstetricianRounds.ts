import type { FormDefinition } from '../types.js'
import { FORM_PAGES } from './pages.js'
import { daysBetween } from '../compute.js'
import { doctorName, medicinesSection, options } from './options.js'

export const obstetricianRounds: FormDefinition = {
  ...FORM_PAGES.obstetricianRounds,
  sections: [
    {
      titleKey: 'form.section.basic',
      fields: [
        { key: 'round_date', type: 'date', required: true, initial: 'workingDate' },
        doctorName,
        { key: 'customer_id', type: 'customer', required: true },
        {
          key: 'delivery_mode',
          type: 'select',
          required: true,
          options: options('deliveryMode', ['vaginal', 'caesarean']),
        },
        {
          key: 'days_postpartum',
          type: 'computed',
          unitKey: 'form.unit.day',
          compute: (data, ctx) => daysBetween(ctx.customer?.delivery_date, data.round_date),
        },
        { key: 'signin_location', type: 'location', required: true },
      ],
    },
    {
      titleKey: 'form.section.examination',
      fields: [
        {
          key: 'temperature',
          type: 'number',
          required: true,
          min: 34,
          max: 42,
          decimals: 1,
          unitKey: 'form.unit.celsius',
          range: 'customerFever',
        },
        { key: 'bp_systolic', type: 'number', min: 50, max: 250, unitKey: 'form.unit.mmhg', range: 'systolic' },
        { key: 'bp_diastolic', type: 'number', min: 30, max: 150, unitKey: 'form.unit.mmhg', range: 'diastolic' },
        { key: 'fundal_height', type: 'number', min: 0, max: 6, unitKey: 'form.unit.finger' },
        { key: 'contraction', type: 'select', options: options('contraction', ['good', 'poor']) },
        { key: 'lochia_colour', type: 'select', options: options('lochiaColour', ['rubra', 'serosa', 'alba']) },
        { key: 'lochia_amount', type: 'select', options: options('lochiaAmount', ['little', 'moderate', 'much']) },
        { key: 'lochia_odour', type: 'select', options: options('lochiaOdour', ['none', 'abnormal']) },
        { key: 'wound_site', type: 'text', maxLength: 50 },
        { key: 'wound_state', type: 'select', options: options('woundState', ['healing', 'red', 'oozing']) },
        { key: 'wound_photos', type: 'images' },
        { key: 'milk', type: 'select', options: options('milk', ['enough', 'some', 'little']) },
        { key: 'nipples', type: 'select', options: options('nipples', ['normal', 'cracked']) },
        { key: 'engorgement', type: 'select', options: options('engorgement', ['none', 'mild', 'severe']) },
        { key: 'mood', type: 'select', options: options('mood', ['good', 'low', 'anxious']) },
        { key: 'advice', type: 'textarea', maxLength: 1000 },
      ],
    },
    medicinesSection,
    {
      titleKey: 'form.section.signatures',
      fields: [
        { key: 'doctor_signature', type: 'signature', required: true },
        { key: 'customer_signature', type: 'signature', required: true },
      ],
    },
  ],
}
