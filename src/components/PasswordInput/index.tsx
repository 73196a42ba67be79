import { useState } from 'react'
import { View } from '@tarojs/components'
import { Input } from '@nutui/nutui-react-taro'
import { Eye, EyeF } from '@nutui/icons-react-taro'
import { observer } from 'mobx-react-lite'
import { t } from '@/i18n'
import './index.scss'

interface Props {
  value: string
  placeholder: string
  onChange: (value: string) => void
  name?: string
  /** Enter on the keyboard (the sign-in page signs in). */
  onConfirm?: () => void
}

/** A password field with an eye to show or hide what was typed. */
export default observer(function PasswordInput({ value, placeholder, onChange, name, onConfirm }: Props) {
  const [visible, setVisible] = useState(false)
  const Icon = visible ? EyeF : Eye
  return (
    <View className="password-input">
      <Input
        className="password-input__field"
        name={name}
        type={visible ? 'text' : 'password'}
        value={value}
        placeholder={placeholder}
        onChange={onChange}
        onConfirm={onConfirm}
      />
      <View
        className="password-input__toggle"
        role="button"
        ariaLabel={t(visible ? 'password.hide' : 'password.show')}
        onClick={() => setVisible(!visible)}
      >
        <Icon size={18} color={visible ? '#e8627a' : '#8a8f99'} />
      </View>
    </View>
  )
})
