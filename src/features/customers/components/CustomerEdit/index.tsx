import { useEffect, useState } from 'react'
import { Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import NavBar from '@/components/NavBar'
import PageShell from '@/components/PageShell'
import { FormRenderer } from '@/features/forms'
import { useLoginGuard } from '@/hooks/useLoginGuard'
import { usePageTitle } from '@/hooks/usePageTitle'
import { t, type MessageKey } from '@/i18n'
import { customerStore, sessionStore } from '@/stores'
import '../../locales'
import { CustomerEditStore } from '../../stores/customerEdit'
import SaveButton from '../SaveButton'
import '../Admission/index.scss'

/** Her details were saved: the current customer, when it is her, is read afresh. */
async function detailsChanged(id: number) {
  if (customerStore.customerInfo?.id === id) await customerStore.loadById(id).catch(() => {})
}

/** 编辑: her details and her babies (a baby renamed, a detail added later), drawn by the form engine. */
export default observer(function CustomerEdit({ customerId }: { customerId: number }) {
  const [store] = useState(() => new CustomerEditStore(customerId, detailsChanged))
  const { session } = store
  usePageTitle('form.title.customerDetails' as MessageKey)
  useLoginGuard()
  // Without a session the login guard takes over.
  useEffect(() => void (sessionStore.isLoggedIn && store.enter()), [store])
  useEffect(() => session.dispose, [session])

  return (
    <PageShell className="admission customer-edit" navBar={<NavBar title={t('form.title.customerDetails')} back />}>
      {store.error && <Text className="customer-edit__error">{store.error}</Text>}
      {store.loaded && (
        <>
          <FormRenderer definition={session.definition} session={session} />
          <Text className="customer-edit__hint">{t('customerEdit.idCardKept')}</Text>
          <SaveButton session={session} onSave={store.save} />
        </>
      )}
    </PageShell>
  )
})
