import { Text } from '@tarojs/components'
import { Radio, RadioGroup } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import { t } from '@/i18n'
import type { FieldProps } from './types'

/** baby: one of the customer's babies (childrenData), as one-tap buttons; the value is its id. */
export default observer(function BabyField({ path, session }: FieldProps) {
  const children = session.customer?.children ?? []
  const value = session.valueAt(path)
  if (children.length === 0) return <Text className="form-readonly form-readonly--empty">{t('formUi.noBabies')}</Text>
  return (
    <RadioGroup
      className="form-choices"
      direction="horizontal"
      shape="button"
      value={typeof value === 'number' ? value : ''}
      onChange={(next) => {
        session.setValue(path, Number(next))
        session.blur(path)
      }}
    >
      {children.map((child) => (
        <Radio key={child.id} value={child.id} shape="button">
          {child.name}
        </Radio>
      ))}
    </RadioGroup>
  )
})
