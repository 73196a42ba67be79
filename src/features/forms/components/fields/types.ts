import type { Field } from '@yuezi/contract/forms/types'
import type { FormSession } from '@/features/forms/stores/formSession'

/** What every field component gets: its definition, where its value is, and the open form. */
export interface FieldProps {
  field: Field
  /** `key`, or `rows.index.key` inside repeatable rows. */
  path: string
  session: FormSession
}
