import { useEffect, useState } from 'react'
import { Text, View } from '@tarojs/components'
import { Input } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import { t } from '@/i18n'
import type { FieldProps } from './types'

/** What is typed as the value: a number when it reads as one, else the text itself (the rules refuse it). */
function parse(text: string): number | string | undefined {
  if (text.trim() === '') return undefined
  return /^-?(\d+\.?\d*|\.\d+)$/.test(text.trim()) ? Number(text) : text
}

const show = (value: unknown) => (typeof value === 'number' || typeof value === 'string' ? String(value) : '')

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
    if (parse(text) !== value) setText(show(value))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value])

  const change = (next: string) => {
    setText(next)
    session.setValue(path, parse(next))
  }

  const blur = () => {
    if (money && typeof value === 'number') setText(value.toFixed(2))
    session.blur(path)
  }

  return (
    <View className="form-number">
      {money && <Text className="form-number__currency">{t('formUi.currency')}</Text>}
      <Input
        className="form-input"
        name={path}
        type={decimals > 0 ? 'digit' : 'number'}
        value={text}
        maxLength={money ? 12 : 10}
        placeholder={t('common.pleaseEnter')}
        onChange={change}
        onBlur={blur}
      />
    </View>
  )
})
