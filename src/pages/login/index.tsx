import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { Button, Input } from '@nutui/nutui-react-taro'
import { ShieldCheck, User } from '@nutui/icons-react-taro'
import { observer } from 'mobx-react-lite'
import FieldMessage from '@/components/FieldMessage'
import LanguageSwitch from '@/components/LanguageSwitch'
import PageShell from '@/components/PageShell'
import PasswordInput from '@/components/PasswordInput'
import { useCountdown } from '@/hooks/useCountdown'
import { usePageTitle } from '@/hooks/usePageTitle'
import { t, type MessageKey } from '@/i18n'
import { retryAfterOf, sessionStore, settingsStore } from '@/stores'
import { formatCountdown } from '@/utils'
import { openAfterLogin } from '@/utils/navigation'
import './index.scss'

type Errors = Partial<Record<'account' | 'password', MessageKey>>

export default observer(function Login() {
  const [account, setAccount] = useState(settingsStore.rememberedAccount)
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const [submitting, setSubmitting] = useState(false)
  // After too many attempts the server says when to try again.
  const retry = useCountdown()
  usePageTitle('login.title')

  const submit = async () => {
    const found: Errors = {}
    if (!account.trim()) found.account = 'login.enterAccount'
    if (!password) found.password = 'login.enterPassword'
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setSubmitting(true)
    try {
      // 'mustChangePassword': the store has already sent the user to change it.
      // Back to the page that sent the user here to sign in, if one did.
      if ((await sessionStore.login(account.trim(), password)) === 'ok')
        openAfterLogin(Taro.getCurrentInstance().router?.params.redirect)
    } catch (error) {
      // The request layer has shown the server's message; keep what was typed.
      const retryAfter = retryAfterOf(error)
      if (retryAfter) retry.start(retryAfter)
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <PageShell className="login">
      <View className="login__head">
        <Text className="login__app">{t('app.name')}</Text>
        <Text className="login__title">{t('login.title')}</Text>
      </View>

      <View className="login__form">
        <View className="login__field">
          <View className="login__row">
            <User size={18} color="#8a8f99" />
            <Input
              className="login__input"
              name="account"
              value={account}
              placeholder={t('login.enterAccount')}
              clearable
              onChange={setAccount}
            />
          </View>
          <FieldMessage message={errors.account && t(errors.account)} />
        </View>
        <View className="login__field">
          <View className="login__row">
            <ShieldCheck size={18} color="#8a8f99" />
            <PasswordInput
              name="password"
              value={password}
              placeholder={t('login.enterPassword')}
              onChange={setPassword}
              onConfirm={submit}
            />
          </View>
          <FieldMessage message={errors.password && t(errors.password)} />
        </View>
        <Button
          className="login__submit"
          type="primary"
          block
          loading={submitting}
          disabled={retry.left > 0}
          onClick={submit}
        >
          {t('login.submit')}
        </Button>
        {retry.left > 0 && (
          <Text className="login__retry">{t('login.retryIn', { time: formatCountdown(retry.left) })}</Text>
        )}
      </View>

      <View className="login__language">
        <LanguageSwitch />
      </View>
    </PageShell>
  )
})
