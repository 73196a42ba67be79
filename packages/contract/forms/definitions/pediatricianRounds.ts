import type { Field, FormDefinition } from '../types.js'
import { FORM_PAGES } from './pages.js'
import { daysBetween } from '../compute.js'
import { doctorName, medicinesSection, options } from './options.js'

/** A transcutaneous bilirubin reading, marked against the jaundice line for her age. */
const tcb = (key: string): Field => ({
  key,
  type: 'number',
  min: 0,
  max: 30,
  decimals: 1,
  unitKey: 'form.unit.mgdl',
  range: 'jaundice',
})

/** A baby's age on the round's day, for the baby a record (or a twin's section) names. */
const ageDays: Field = {
  key: 'age_days',
  type: 'computed',
  unitKey: 'form.unit.day',
  compute: (data, ctx) => daysBetween(ctx.children?.find((c) => c.id === data.baby_id)?.birth_date, data.round_date),
}

/** What the doctor examines of each baby: the first baby's at the top, each twin's in her section. */
const examination: Field[] = [
  {
    key: 'temperature',
    type: 'number',
    required: true,
    min: 34,
    max: 42,
    decimals: 1,
    unitKey: 'form.unit.celsius',
    range: 'babyTemperature',
  },
  { key: 'weight', type: 'number', min: 500, max: 10000, unitKey: 'form.unit.gram', range: 'weightLoss' },
  tcb('tcb_forehead'),
  tcb('tcb_chest'),
  {
    key: 'umbilicus',
    type: 'select',
    required: true,
    options: options('umbilicus', ['dry', 'oozing', 'red', 'fallenOff']),
  },
  {
    key: 'skin',
    type: 'select',
    required: true,
    options: options('skin', ['normal', 'rash', 'eczema', 'other']),
  },
  { key: 'feeding', type: 'select', required: true, options: options('feeding', ['breast', 'mixed', 'formula']) },
  { key: 'stool', type: 'text', maxLength: 50 },
  { key: 'urine', type: 'text', maxLength: 50 },
  { key: 'advice', type: 'textarea', maxLength: 1000 },
]

/** Her other babies (twins): one round, one location and one pair of signatures for all of them. */
const BABIES_MAX = 3

export const pediatricianRounds: FormDefinition = {
  ...FORM_PAGES.pediatricianRounds,
  sections: [
    {
      titleKey: 'form.section.basic',
      fields: [
        { key: 'round_date', type: 'date', required: true, initial: 'workingDate' },
        doctorName,
        { key: 'customer_id', type: 'customer', required: true },
        { key: 'baby_id', type: 'baby', required: true, initial: 'customer.firstTwin' },
        ageDays,
        { key: 'signin_location', type: 'location', required: true },
      ],
    },
    { titleKey: 'form.section.examination', fields: examination, babyField: 'baby_id' },
    {
      titleKey: 'form.section.babies',
      fields: [
        {
          key: 'babies',
          type: 'rows',
          perBaby: true,
          maxItems: BABIES_MAX,
          initial: 'customer.otherBabies',
          rows: [{ key: 'baby_id', type: 'baby', required: true }, ageDays, ...examination],
        },
      ],
    },
    medicinesSection,
    {
      titleKey: 'form.section.signatures',
      fields: [
        { key: 'doctor_signature', type: 'signature', required: true },
        { key: 'family_signature', type: 'signature', required: true },
      ],
    },
  ],
}
