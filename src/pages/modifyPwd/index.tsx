import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { Button } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import FieldMessage from '@/components/FieldMessage'
import PageShell from '@/components/PageShell'
import PasswordInput from '@/components/PasswordInput'
import { useLoginGuard } from '@/hooks/useLoginGuard'
import { usePageTitle } from '@/hooks/usePageTitle'
import { t, type MessageKey } from '@/i18n'
import { HOME_PAGE } from '@/routes'
import { sessionStore } from '@/stores'
import { toast } from '@/utils/feedback'
import { checkPasswords, type PasswordErrors, type PasswordField, type PasswordValues } from './rules'
import './index.scss'

const FIELDS: { field: PasswordField; labelKey: MessageKey; placeholderKey: MessageKey }[] = [
  { field: 'oldPassword', labelKey: 'modifyPwd.oldPassword', placeholderKey: 'modifyPwd.enterOld' },
  { field: 'newPassword', labelKey: 'modifyPwd.newPassword', placeholderKey: 'modifyPwd.enterNew' },
  { field: 'confirmPassword', labelKey: 'modifyPwd.confirmPassword', placeholderKey: 'modifyPwd.enterConfirm' },
]

export default observer(function ModifyPassword() {
  const [values, setValues] = useState<PasswordValues>({ oldPassword: '', newPassword: '', confirmPassword: '' })
  const [errors, setErrors] = useState<PasswordErrors>({})
  const [submitting, setSubmitting] = useState(false)
  usePageTitle('modifyPwd.title')
  // Only the token matters here: an account that must change its password is sent to this page.
  useLoginGuard()

  // Just signed in with it: the current password is not asked for again.
  const carried = sessionStore.signInPassword
  const fields = carried ? FIELDS.filter(({ field }) => field !== 'oldPassword') : FIELDS

  const submit = async () => {
    const entered = carried ? { ...values, oldPassword: carried } : values
    const found = checkPasswords(entered, sessionStore.userInfo?.account)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setSubmitting(true)
    try {
      await sessionStore.changePassword(entered.oldPassword, entered.newPassword)
      toast(t('modifyPwd.success'), { success: true })
      Taro.reLaunch({ url: HOME_PAGE })
    } catch {
      // The request layer has shown the server's message (e.g. a wrong current password).
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <PageShell className="modify-pwd">
      {sessionStore.userInfo?.must_change_password && (
        <View className="modify-pwd__notice" role="note">
          <Text>{t('modifyPwd.mustChange')}</Text>
        </View>
      )}
      <View className="modify-pwd__form">
        {fields.map(({ field, labelKey, placeholderKey }) => (
          <View key={field} className="modify-pwd__field">
            <Text className="modify-pwd__label">{t(labelKey)}</Text>
            <PasswordInput
              name={field}
              value={values[field]}
              placeholder={t(placeholderKey)}
              onChange={(value) => setValues({ ...values, [field]: value })}
            />
            <FieldMessage message={errors[field] && t(errors[field])} />
          </View>
        ))}
        <Text className="modify-pwd__hint">{t('modifyPwd.rule')}</Text>
      </View>
      <View className="modify-pwd__actions">
        <Button type="primary" block loading={submitting} onClick={submit}>
          {t('modifyPwd.submit')}
        </Button>
        {/* Whoever does not know the temporary password is not held on this page. */}
        <Button className="modify-pwd__logout" block fill="none" onClick={sessionStore.confirmLogout}>
          {t('mine.logout')}
        </Button>
      </View>
    </PageShell>
  )
})
