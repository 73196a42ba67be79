import { observer } from 'mobx-react-lite'
import InputControl from './InputControl'
import type { FieldProps } from './types'

/** phone: a mainland mobile number on the number keyboard. */
export default observer(function PhoneField(props: FieldProps) {
  return <InputControl {...props} type="number" maxLength={11} />
})
