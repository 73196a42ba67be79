import InputControl from './InputControl'
import type { FieldProps } from './types'

/** phone: a mainland mobile number on the number keyboard. */
export default function PhoneField(props: FieldProps) {
  return <InputControl {...props} type="number" maxLength={11} />
}
