import { observer } from 'mobx-react-lite'
import InputControl from './InputControl'
import type { FieldProps } from './types'

const upper = (text: string) => text.replace(/\s/g, '').toUpperCase()

/** idCard: 18 characters on the ID-card keyboard; a trailing x becomes X. */
export default observer(function IdCardField(props: FieldProps) {
  return <InputControl {...props} type="idcard" maxLength={18} normalize={upper} />
})
