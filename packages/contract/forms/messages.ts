import type { SignedPlace } from './location.js'
import type { FieldError } from './types.js'

export type Translate = (key: string, params?: Record<string, string | number>) => string

/** A limit of no decimals is said as a whole number, not as 0 decimal places. */
const ruleKeyOf = (error: FieldError) =>
  error.rule === 'decimals' && error.params?.decimals === 0 ? 'form.rule.wholeNumber' : `form.rule.${error.rule}`

/** The error's params, a bound said with the field's unit (500 g) when it has one. */
function boundsOf(error: FieldError, translate: Translate): FieldError['params'] {
  const params = { ...error.params }
  // A param naming a locale key (`aKey`) is said in the reader's language under its name without `Key` (`a`).
  for (const [key, value] of Object.entries(params)) {
    if (key.endsWith('Key') && typeof value === 'string') params[key.slice(0, -3)] = translate(value)
  }
  if (!error.unitKey) return params
  const unit = translate(error.unitKey)
  for (const key of ['min', 'max'])
    if (key in params) params[key] = translate('form.rule.withUnit', { value: params[key], unit })
  return params
}

/**
 * The message of a field error in the reader's language, from locales/forms:
 * the app passes its t(), the server its own translator of the same files.
 */
export function fieldErrorMessage(error: FieldError, translate: Translate): string {
  const translated = translate(error.labelKey)
  // An unknown field has no label of its own: name it by its key.
  const label = translated === error.labelKey ? (error.path.split('.').pop() ?? error.path) : translated
  const message = translate(ruleKeyOf(error), { label, ...boundsOf(error, translate) })
  if (error.baby) return translate('form.babyNamed', { name: error.baby, text: message })
  const row = /^(\w+)\.(\d+)\./.exec(error.path)
  return row
    ? translate('form.rule.row', { rows: translate(`form.field.${row[1]}`), n: Number(row[2]) + 1, message })
    : message
}

/**
 * How far a signed-in place is from the site (距院区 120 米 / 120 metres from the site); that it is
 * unknown when the device gave no position; '' when the site has no coordinates.
 */
export function distanceText(place: Partial<SignedPlace>, translate: Translate): string {
  if (place.measured === false) return translate('form.location.unmeasured')
  const { distance } = place
  if (typeof distance !== 'number') return ''
  if (distance >= 1000) return translate('form.location.distanceKm', { distance: (distance / 1000).toFixed(1) })
  return translate(distance === 1 ? 'form.location.distance.one' : 'form.location.distance', { distance })
}

/** A stored place in one line: its name, address, distance from the site and, past the radius, the flag. */
export function placeText(value: unknown, translate: Translate): string {
  if (!value || typeof value !== 'object') return ''
  const place = value as Partial<SignedPlace>
  const far = place.far ? translate('form.location.far') : ''
  return [place.name, place.address, distanceText(place, translate), far].filter(Boolean).join(' · ')
}
