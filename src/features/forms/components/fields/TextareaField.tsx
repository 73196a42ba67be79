import { useState } from 'react'
import Taro from '@tarojs/taro'
import { TextArea } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import { t } from '@/i18n'
import type { FieldProps } from './types'

/** Lines a note grows to before it scrolls inside its box (a long note stays one screen). */
const MAX_LINES = 8
/** The box's height once it scrolls (design px: 8 lines of 30px text at 1.5, and its padding). */
const SCROLL_HEIGHT = 360

/** textarea: several lines, with a count against its limit; grows with its text, then scrolls. */
export default observer(function TextareaField({ field, path, session }: FieldProps) {
  const value = session.valueAt(path)
  const [lines, setLines] = useState(1)
  const grows = lines < MAX_LINES
  return (
    <TextArea
      className="form-textarea"
      name={path}
      value={typeof value === 'string' ? value : ''}
      maxLength={field.maxLength ?? 2000}
      showCount
      autoSize={grows}
      style={grows ? undefined : { height: Taro.pxTransform(SCROLL_HEIGHT) }}
      placeholder={t('common.pleaseEnter')}
      onLineChange={(event: { detail: { lineCount: number } }) => setLines(event.detail.lineCount)}
      onChange={(text) => session.setValue(path, text)}
      onBlur={() => session.blur(path)}
    />
  )
})
