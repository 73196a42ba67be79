import type { Field, Option, Section } from '../types.js'

/** Static options whose labels live under `form.option.<group>.<value>`. */
export const options = (group: string, values: string[]): Option[] =>
  values.map((value) => ({ value, labelKey: `form.option.${group}.${value}` }))

export const medicineRow: Field[] = [
  { key: 'medicine', type: 'text', required: true, maxLength: 50 },
  { key: 'dose', type: 'text', required: true, maxLength: 30 },
  { key: 'route', type: 'select', options: options('route', ['oral', 'topical', 'injection', 'other']) },
  { key: 'frequency', type: 'text', maxLength: 30 },
  { key: 'days', type: 'number', min: 1, max: 90, labelKey: 'form.field.medicineDays' },
  { key: 'note', type: 'text', maxLength: 100 },
]

/** The medicines given at a round (both round forms): rows kept by the server's medicines table. */
export const medicinesSection: Section = {
  titleKey: 'form.section.medicines',
  fields: [{ key: 'medicines', type: 'rows', rows: medicineRow, maxItems: 20 }],
}

/**
 * The doctor who did a round (both round forms): the clerk who types it in is not the doctor, so a
 * new round starts with the doctor of the site's last one, changed when another did this one.
 */
export const doctorName: Field = {
  key: 'doctor_name',
  type: 'text',
  required: true,
  maxLength: 30,
  initial: 'site.latest',
}
