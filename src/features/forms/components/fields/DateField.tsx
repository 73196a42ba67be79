import DateControl from './DateControl'
import type { FieldProps } from './types'

/** date: YYYY-MM-DD. */
export default function DateField(props: FieldProps) {
  return <DateControl {...props} />
}
