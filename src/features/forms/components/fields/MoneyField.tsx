import { observer } from 'mobx-react-lite'
import { ReadOnlyValue } from './ComputedField'
import NumberControl from './NumberControl'
import type { FieldProps } from './types'

/** money: ¥, two decimals; a price the form fills in itself is shown, not typed. */
export default observer(function MoneyField(props: FieldProps) {
  if (props.field.readOnly) {
    const value = props.session.valueAt(props.path)
    return <ReadOnlyValue value={typeof value === 'number' ? value.toFixed(2) : value} unitKey="form.unit.yuan" />
  }
  return <NumberControl {...props} money />
})
