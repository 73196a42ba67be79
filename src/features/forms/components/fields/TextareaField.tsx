import { TextArea } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import { t } from '@/i18n'
import type { FieldProps } from './types'

/** textarea: several lines, with a count against its limit. */
export default observer(function TextareaField({ field, path, session }: FieldProps) {
  const value = session.valueAt(path)
  return (
    <TextArea
      className="form-textarea"
      name={path}
      value={typeof value === 'string' ? value : ''}
      maxLength={field.maxLength ?? 2000}
      showCount
      autoSize
      placeholder={t('common.pleaseEnter')}
      onChange={(text) => session.setValue(path, text)}
      onBlur={() => session.blur(path)}
    />
  )
})
