import type { ReactNode } from 'react'
import { Text, View } from '@tarojs/components'
import { Button } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import NavBar from '@/components/NavBar'
import PageShell from '@/components/PageShell'
import { FormRenderer } from '@/features/forms'
import { t } from '@/i18n'
import type { FormDefinition } from '@yuezi/contract/forms/types'
import type { AdminForm } from '../../stores/adminForm'
import './index.scss'

/** An administration edit page: its form once loaded (or why not), what goes around it, and Save at the bottom. */
export default observer(function AdminFormShell({
  title,
  form,
  definition,
  onSave,
  before,
  after,
}: {
  title: string
  form: AdminForm
  definition: FormDefinition
  onSave: () => void
  /** Above the form (who is edited, a hint). */
  before?: ReactNode
  /** Below the form (the account's actions). */
  after?: ReactNode
}) {
  const { session, status } = form
  return (
    <PageShell className="admin-form" navBar={<NavBar title={title} back />}>
      {status === 'loading' && <View className="admin-form__status">{t('common.loading')}</View>}
      {status === 'error' && (
        <View className="admin-form__status admin-form__status--error" role="alert">
          <Text>{t('admin.loadFailed', { message: form.error })}</Text>
        </View>
      )}
      {session && before}
      {session && <FormRenderer definition={definition} session={session} />}
      {session && after}
      <View className="admin-form__bar">
        <Button
          className="admin-form__save"
          size="large"
          type="primary"
          block
          disabled={status !== 'ready'}
          loading={session?.saving}
          onClick={onSave}
        >
          {t('admin.save')}
        </Button>
      </View>
    </PageShell>
  )
})
