import NumberControl from './NumberControl'
import type { FieldProps } from './types'

/** number: range and decimals from the definition; the unit is shown by the field's frame. */
export default function NumberField(props: FieldProps) {
  return <NumberControl {...props} />
}
