import { useEffect } from 'react'
import type { Field } from '@yuezi/contract/forms/types'
import { t } from '@/i18n'
import { DEPENDS_ON, formOptionsStore, type Choice } from '@/features/forms/stores/formOptions'
import type { FormSession } from '@/features/forms/stores/formSession'

/** The path of another field of the same row (`items.0.product_id` from `items.0.batch_id`). */
export function siblingPath(path: string, key: string): string {
  const parts = path.split('.')
  parts[parts.length - 1] = key
  return parts.join('.')
}

/** What a dependent source's list depends on at `path` (a row's product), or undefined. */
export function dependencyOf(
  field: Field,
  path: string,
  session?: FormSession,
): { key: string; value: unknown } | undefined {
  const key = field.optionsSource ? DEPENDS_ON[field.optionsSource] : undefined
  if (!key) return undefined
  return { key, value: session?.valueAt(siblingPath(path, key)) }
}

/**
 * A field's choices: its static options (labels translated), or the server list it names
 * (loaded once; per value of the field it depends on, for a dependent source). `waiting`: that
 * field is still empty. Call inside an observer component.
 */
export function useChoices(field: Field, path = field.key, session?: FormSession) {
  const source = field.optionsSource
  const dependency = dependencyOf(field, path, session)
  const param = dependency ? (dependency.value as string | number | undefined) : undefined
  const waiting = !!dependency && (param === undefined || param === '')
  useEffect(() => {
    if (source && !waiting) formOptionsStore.load(source, false, param)
  }, [source, param, waiting])
  if (!source) {
    const choices: Choice[] = (field.options ?? []).map((option) => ({
      value: option.value,
      label: t(option.labelKey),
    }))
    return { choices, loading: false, error: '', partial: false, waiting: false, reload: () => {} }
  }
  if (waiting) return { choices: [] as Choice[], loading: false, error: '', partial: false, waiting, reload: () => {} }
  const state = formOptionsStore.state(source, param)
  return { ...state, waiting, reload: () => formOptionsStore.load(source, true, param) }
}

/** The fields of the rows field `key` of the session's form (or none). */
export function rowFieldsOf(session: FormSession, key: string): Field[] {
  for (const section of session.definition.sections) {
    for (const field of section.fields) if (field.key === key && field.type === 'rows') return field.rows ?? []
  }
  return []
}

/**
 * After a choice at `path`: its `fill` goes into the row's (or, outside rows, the form's) other fields, and the fields whose list
 * depends on it are cleared and get the first choice of their new list (the earliest-expiry batch).
 */
export async function afterChoice(session: FormSession, field: Field, path: string, choice: Choice, changed: boolean) {
  const parts = path.split('.')
  if (parts.length === 1) {
    // Outside rows the fill goes into the form's own fields (a stay package's days).
    const fields = session.definition.sections.flatMap((section) => section.fields)
    for (const [key, value] of Object.entries(choice.fill ?? {})) {
      if (changed && fields.some((f) => f.key === key)) session.setValue(key, value)
    }
    return
  }
  if (parts.length !== 3) return
  const siblings = rowFieldsOf(session, parts[0])
  for (const [key, value] of Object.entries(choice.fill ?? {})) {
    if (changed && siblings.some((f) => f.key === key)) session.setValue(siblingPath(path, key), value)
  }
  if (!changed) return
  await Promise.all(
    siblings
      .filter((f) => f.optionsSource && DEPENDS_ON[f.optionsSource] === field.key)
      .map(async (dependent) => {
        const target = siblingPath(path, dependent.key)
        session.setValue(target, undefined)
        await formOptionsStore.load(dependent.optionsSource!, false, choice.value)
        const [first] = formOptionsStore.state(dependent.optionsSource!, choice.value).choices
        // Still this product, and nobody chose meanwhile.
        if (first && session.valueAt(path) === choice.value && session.valueAt(target) === undefined) {
          session.setValue(target, first.value)
        }
      }),
  )
}
