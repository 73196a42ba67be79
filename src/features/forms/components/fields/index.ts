// One component per field type. A new type in packages/contract/forms/types.ts fails to compile here until it has one.
import type { ComponentType } from 'react'
import type { FieldType } from '@yuezi/contract/forms/types'
import BabyField from './BabyField'
import ComputedField from './ComputedField'
import CustomerField from './CustomerField'
import DateField from './DateField'
import DatetimeField from './DatetimeField'
import IdCardField from './IdCardField'
import ImagesField from './ImagesField'
import LocationField from './LocationField'
import MoneyField from './MoneyField'
import MultiselectField from './MultiselectField'
import NumberField from './NumberField'
import PhoneField from './PhoneField'
import RowsField from './RowsField'
import SelectField from './SelectField'
import SignatureField from './SignatureField'
import TextareaField from './TextareaField'
import TextField from './TextField'
import type { FieldProps } from './types'

export const FIELD_COMPONENTS: Record<FieldType, ComponentType<FieldProps>> = {
  text: TextField,
  textarea: TextareaField,
  number: NumberField,
  money: MoneyField,
  date: DateField,
  datetime: DatetimeField,
  select: SelectField,
  multiselect: MultiselectField,
  customer: CustomerField,
  baby: BabyField,
  phone: PhoneField,
  idCard: IdCardField,
  signature: SignatureField,
  images: ImagesField,
  rows: RowsField,
  computed: ComputedField,
  location: LocationField,
}

export type { FieldProps }
export { RenderFieldContext } from './context'
