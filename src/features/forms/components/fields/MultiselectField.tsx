import { Checkbox, CheckboxGroup } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import ChoiceStatus from './ChoiceStatus'
import type { FieldProps } from './types'
import { useChoices } from './useChoices'

/** multiselect: a group of check buttons (static options or a server list such as departments). */
export default observer(function MultiselectField({ field, path, session }: FieldProps) {
  const { choices, loading, error, reload } = useChoices(field)
  const value = session.valueAt(path)
  const chosen = Array.isArray(value) ? value.map(String) : []
  // A retired entry shows only where the record chose it.
  const shown = choices.filter((choice) => !choice.retired || chosen.includes(String(choice.value)))
  // The group works in strings; the value keeps each choice's own type (department ids are numbers).
  const change = (next: string[]) => {
    const values = choices.filter((choice) => next.includes(String(choice.value))).map((choice) => choice.value)
    session.setValue(path, values.length ? values : undefined)
    session.blur(path)
  }
  return (
    <>
      <CheckboxGroup className="form-choices" direction="horizontal" value={chosen} onChange={change}>
        {shown.map((choice) => (
          <Checkbox key={String(choice.value)} value={String(choice.value)} shape="button" label={choice.label} />
        ))}
      </CheckboxGroup>
      <ChoiceStatus
        loading={loading}
        error={error}
        empty={!loading && !error && choices.length === 0}
        onRetry={reload}
      />
    </>
  )
})
