import { Radio, RadioGroup } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import ChoicePopup from './ChoicePopup'
import ChoiceStatus from './ChoiceStatus'
import type { FieldProps } from './types'
import { useChoices } from './useChoices'

/** select: static options as one-tap buttons; a server list (rooms) in a popup. */
const SelectButtons = observer(function SelectButtons({ field, path, session }: FieldProps) {
  const { choices, loading, error, reload } = useChoices(field)
  const value = session.valueAt(path)
  return (
    <>
      <RadioGroup
        className="form-choices"
        direction="horizontal"
        shape="button"
        value={value === undefined ? '' : (value as string | number)}
        onChange={(next) => {
          session.setValue(path, next)
          session.blur(path)
        }}
      >
        {choices.map((choice) => (
          <Radio key={String(choice.value)} value={choice.value} shape="button">
            {choice.label}
          </Radio>
        ))}
      </RadioGroup>
      <ChoiceStatus
        loading={loading}
        error={error}
        empty={!loading && !error && choices.length === 0}
        onRetry={reload}
      />
    </>
  )
})

export default observer(function SelectField(props: FieldProps) {
  return props.field.optionsSource ? <ChoicePopup {...props} /> : <SelectButtons {...props} />
})
