import { observer } from 'mobx-react-lite'
import NumberControl from './NumberControl'
import type { FieldProps } from './types'

/** money: ¥, two decimals. */
export default observer(function MoneyField(props: FieldProps) {
  return <NumberControl {...props} money />
})
