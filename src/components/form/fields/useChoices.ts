import { useEffect } from 'react'
import type { Field } from '@/forms/types'
import { t } from '@/i18n'
import { formOptionsStore, type Choice } from '@/stores/formOptions'

/**
 * A field's choices: its static options (labels translated), or the server list it names
 * (loaded once). Call inside an observer component.
 */
export function useChoices(field: Field) {
  const source = field.optionsSource
  useEffect(() => {
    if (source) formOptionsStore.load(source)
  }, [source])
  if (!source) {
    const choices: Choice[] = (field.options ?? []).map((option) => ({ value: option.value, label: t(option.labelKey) }))
    return { choices, loading: false, error: '', reload: () => {} }
  }
  const state = formOptionsStore.state(source)
  return { ...state, reload: () => formOptionsStore.load(source, true) }
}
