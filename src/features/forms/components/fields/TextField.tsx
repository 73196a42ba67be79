import { observer } from 'mobx-react-lite'
import InputControl from './InputControl'
import type { FieldProps } from './types'

/** text: one line. */
export default observer(function TextField(props: FieldProps) {
  return <InputControl {...props} />
})
