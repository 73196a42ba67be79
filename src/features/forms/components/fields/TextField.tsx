import InputControl from './InputControl'
import type { FieldProps } from './types'

/** text: one line. */
export default function TextField(props: FieldProps) {
  return <InputControl {...props} />
}
