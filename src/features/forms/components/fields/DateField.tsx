import { observer } from 'mobx-react-lite'
import DateControl from './DateControl'
import type { FieldProps } from './types'

/** date: YYYY-MM-DD. */
export default observer(function DateField(props: FieldProps) {
  return <DateControl {...props} />
})
