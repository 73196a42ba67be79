import { observer } from 'mobx-react-lite'
import NumberControl from './NumberControl'
import type { FieldProps } from './types'

/** number: range and decimals from the definition; the unit is shown by the field's frame. */
export default observer(function NumberField(props: FieldProps) {
  return <NumberControl {...props} />
})
