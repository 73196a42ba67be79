import { observer } from 'mobx-react-lite'
import DateControl from './DateControl'
import type { FieldProps } from './types'

/** datetime: YYYY-MM-DD HH:mm. */
export default observer(function DatetimeField(props: FieldProps) {
  return <DateControl {...props} withTime />
})
