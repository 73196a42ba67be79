import NumberControl from './NumberControl'
import type { FieldProps } from './types'

/** money: ¥, two decimals. */
export default function MoneyField(props: FieldProps) {
  return <NumberControl {...props} money />
}
