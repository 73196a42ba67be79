import { Input } from '@nutui/nutui-react-taro'
import type { TaroInputType } from '@nutui/nutui-react-taro/dist/es/types/spec/input/taro'
import { observer } from 'mobx-react-lite'
import { t } from '@/i18n'
import type { FieldProps } from './types'

interface Props extends FieldProps {
  type?: TaroInputType
  maxLength?: number
  /** Turns what is typed into the value (e.g. upper-case X of an ID number). */
  normalize?: (text: string) => string
}

/** A one-line text input bound to a field: blur checks it. */
export default observer(function InputControl({ field, path, session, type = 'text', maxLength, normalize }: Props) {
  const value = session.valueAt(path)
  return (
    <Input
      className="form-input"
      name={path}
      type={type}
      value={value === undefined || value === null ? '' : String(value)}
      maxLength={maxLength ?? field.maxLength ?? 100}
      placeholder={t('common.pleaseEnter')}
      clearable
      onChange={(text) => session.setValue(path, normalize ? normalize(text) : text)}
      onBlur={() => session.blur(path)}
      onClear={() => session.setValue(path, undefined)}
    />
  )
})
