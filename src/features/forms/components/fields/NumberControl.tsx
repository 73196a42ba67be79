import { useEffect, useState } from 'react'
import { Text, View } from '@tarojs/components'
import { Input } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import { t } from '@/i18n'
import { readNumber } from '../../numberText'
import type { FieldProps } from './types'
import './NumberControl.scss'

const show = (value: unknown) => (typeof value === 'number' || typeof value === 'string' ? String(value) : '')

// H5: a plain text box with a number keypad, so that NutUI does not strip what a full-width
// keyboard types (３６．５) or a minus sign; the mini program keeps its number keyboard.
const H5_KEYPAD = process.env.TARO_ENV === 'h5'

interface Props extends FieldProps {
  money?: boolean
}

/** number / money: the number keyboard (with a point when decimals are allowed); money shows ¥ and two decimals. */
export default observer(function NumberControl({ field, path, session, money = false }: Props) {
  const value = session.valueAt(path)
  const [text, setText] = useState(() => (money && typeof value === 'number' ? value.toFixed(2) : show(value)))
  const decimals = money ? 2 : (field.decimals ?? 0)

  // A value set from outside (a draft restored, a record loaded) replaces what is shown.
  useEffect(() => {
    if (readNumber(text) !== value) setText(show(value))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value])

  const change = (next: string) => {
    setText(next)
    session.setValue(path, readNumber(next))
  }

  // An accepted number is shown as the app reads it (half-width, money with two decimals); a
  // refused one stays as typed next to its message.
  const blur = () => {
    session.blur(path)
    const read = session.valueAt(path)
    if (typeof read === 'number' && session.errorText(path) === undefined)
      setText(money ? read.toFixed(2) : String(read))
  }

  return (
    <View className="form-number">
      {money && <Text className="form-number__currency">{t('formUi.currency')}</Text>}
      <Input
        className="form-input"
        name={path}
        // H5's Input hands its other props to the native input: inputMode picks the keypad there.
        {...(H5_KEYPAD
          ? { type: 'text', inputMode: decimals > 0 ? 'decimal' : 'numeric' }
          : { type: decimals > 0 ? 'digit' : 'number' })}
        value={text}
        maxLength={money ? 12 : 10}
        placeholder={t('common.pleaseEnter')}
        onChange={change}
        onBlur={blur}
      />
    </View>
  )
})
