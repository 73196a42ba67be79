import { useEffect, useState } from 'react'
import { Text } from '@tarojs/components'
import { Button } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import LoadStatus from '@/components/LoadStatus'
import NavBar from '@/components/NavBar'
import PageShell from '@/components/PageShell'
import { FormRenderer } from '@/features/forms'
import type { MasterKind } from '@yuezi/contract/forms/definitions/masterData'
import { useLoginGuard } from '@/hooks/useLoginGuard'
import { usePageTitle } from '@/hooks/usePageTitle'
import { t, type MessageKey } from '@/i18n'
import { sessionStore } from '@/stores'
import '../../locales'
import { MasterEditStore } from '../../stores/masterEdit'
import './index.scss'

/** An entry of one of the centre's lists: its form, drawn by the form engine, and Save. */
export default observer(function MasterEdit({ kind, id }: { kind: MasterKind; id?: number }) {
  const [store] = useState(() => new MasterEditStore(kind, id))
  const titleKey = store.definition.titleKey as MessageKey
  usePageTitle(titleKey)
  useLoginGuard()
  // Without a session the login guard takes over.
  useEffect(() => void (sessionStore.isLoggedIn && store.enter()), [store])
  useEffect(() => store.leave, [store])

  return (
    <PageShell className="master-edit" navBar={<NavBar title={t(titleKey)} back />}>
      {store.retired && <Text className="master-edit__note">{t('master.retiredNote')}</Text>}
      <LoadStatus status={store.status} error={store.loadError} rows={6} onRetry={store.enter} />
      {store.status === 'ready' && <FormRenderer definition={store.definition} session={store.session} />}
      <Button
        className="master-edit__save"
        type="primary"
        size="large"
        block
        disabled={store.status !== 'ready'}
        loading={store.session.saving}
        onClick={store.save}
      >
        {t('common.save')}
      </Button>
    </PageShell>
  )
})
