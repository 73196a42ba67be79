import type { FieldError } from './types.js'

export type Translate = (key: string, params?: Record<string, string | number>) => string

/**
 * The message of a field error in the reader's language, from locales/forms:
 * the app passes its t(), the server its own translator of the same files.
 */
export function fieldErrorMessage(error: FieldError, translate: Translate): string {
  const translated = translate(error.labelKey)
  // An unknown field has no label of its own: name it by its key.
  const label = translated === error.labelKey ? (error.path.split('.').pop() ?? error.path) : translated
  const message = translate(`form.rule.${error.rule}`, { label, ...error.params })
  const row = /^(\w+)\.(\d+)\./.exec(error.path)
  return row ? translate('form.rule.row', { rows: translate(`form.field.${row[1]}`), n: Number(row[2]) + 1, message }) : message
}
