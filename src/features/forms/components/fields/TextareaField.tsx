import { useState } from 'react'
import { TextArea } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import { t } from '@/i18n'
import type { FieldProps } from './types'
import './TextareaField.scss'

/** Lines a note grows to; past them its box keeps that height and scrolls (a long note stays one screen). */
const MAX_LINES = 8

/** textarea: several lines, with a count against its limit; grows with its text, then scrolls. */
export default observer(function TextareaField({ field, path, session }: FieldProps) {
  const value = session.valueAt(path)
  const [lines, setLines] = useState(1)
  const grows = lines < MAX_LINES
  return (
    <TextArea
      className={grows ? 'form-textarea' : 'form-textarea form-textarea--scrolls'}
      name={path}
      value={typeof value === 'string' ? value : ''}
      maxLength={field.maxLength ?? 2000}
      showCount
      autoSize={grows}
      placeholder={t('common.pleaseEnter')}
      onLineChange={({ detail }: { detail: { lineCount: number } }) =>
        Number.isFinite(detail.lineCount) && setLines(detail.lineCount)
      }
      onChange={(text) => session.setValue(path, text)}
      onBlur={() => session.blur(path)}
    />
  )
})
