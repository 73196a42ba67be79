import { useDeferredValue, useEffect, useState, type ReactNode } from 'react'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { Button } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import CustomerPicker from '@/components/CustomerPicker'
import NavBar from '@/components/NavBar'
import PageShell from '@/components/PageShell'
import '@/features/forms/locales'
import type { FormDefinition } from '@yuezi/contract/forms/types'
import { useLoginGuard } from '@/hooks/useLoginGuard'
import { usePageTitle } from '@/hooks/usePageTitle'
import { t, type MessageKey } from '@/i18n'
import { customerStore, sessionStore } from '@/stores'
import { FormPageStore, type FormPageOptions } from '../../stores/formPage'
import { useLeaveConfirm } from '../../useLeaveConfirm'
import FormRenderer from '../FormRenderer'
import FormHeader from './FormHeader'
import LoadStatus from '@/components/LoadStatus'
import SaveBar from './SaveBar'
import RecordsPopup from './RecordsPopup'
import './index.scss'

interface Props extends FormPageOptions {
  definition: FormDefinition
  /** Extra tools under the header (the visit form's visitors leaving), given the page's store. */
  tools?: (store: FormPageStore) => ReactNode
}

/** Keeps the draft when the app goes to the background or the H5 page goes away. */
function useFlushOnHide(flush: () => void) {
  useEffect(() => {
    if (process.env.TARO_ENV === 'h5') {
      const onHide = () => flush()
      const onVisibility = () => document.visibilityState === 'hidden' && flush()
      window.addEventListener('pagehide', onHide)
      document.addEventListener('visibilitychange', onVisibility)
      return () => {
        window.removeEventListener('pagehide', onHide)
        document.removeEventListener('visibilitychange', onVisibility)
      }
    }
    Taro.onAppHide(flush)
    return () => Taro.offAppHide(flush)
  }, [flush])
}

/**
 * Every form page: header (title, customer, working date), the definition drawn by the renderer,
 * a sticky Save, and edit / delete of an existing record. Keeps a draft while typing.
 */
export default observer(function FormPage({ definition, tools, ...options }: Props) {
  const [store] = useState(() => new FormPageStore(definition, options))
  usePageTitle(definition.titleKey as MessageKey)
  useLoginGuard()

  useEffect(() => {
    if (!sessionStore.isLoggedIn) return undefined // the login guard takes over
    store.enter(customerStore.customerInfo)
    return store.leave
  }, [store])
  useFlushOnHide(store.flushDraft)
  useLeaveConfirm(() => !!store.session?.dirty)

  const { session, status, locked } = store
  // Drawing every field is the longest task of a form's opening. On H5 it is drawn as a deferred
  // render, which React does in slices with the browser free between them; it is hidden at once
  // when the form stops being ready.
  const ready = status === 'ready'
  const deferredReady = useDeferredValue(ready)
  const showForm = ready && (process.env.TARO_ENV !== 'h5' || deferredReady)
  return (
    <PageShell className="form-page" navBar={<NavBar title={t(definition.titleKey as MessageKey)} back />}>
      <FormHeader
        definition={definition}
        session={session}
        onRecords={store.history.open}
        onNew={store.canStartNew ? store.startNew : undefined}
        onOpenExisting={store.existingRecord ? store.openExisting : undefined}
        onExport={store.canExportPdf ? store.exportPdf : undefined}
        onDiscardDraft={store.discardDraft}
      />
      {tools?.(store)}
      <LoadStatus
        status={status}
        error={t('formUi.loadFailed', { message: store.loadError })}
        rows={6}
        onRetry={store.retry}
      />
      {showForm && session && (
        <View className={locked ? 'form-page__locked' : undefined}>
          {locked && <Text className="form-page__locked-note">{t('stock.readOnly')}</Text>}
          <FormRenderer definition={definition} session={session} />
        </View>
      )}
      {!locked && (
        <SaveBar ready={status === 'ready'} saving={session?.saving} onSave={store.save}>
          {store.editing && (
            <Button className="form-page__delete" size="large" type="danger" fill="outline" onClick={store.remove}>
              {t('formUi.delete')}
            </Button>
          )}
        </SaveBar>
      )}
      <RecordsPopup definition={definition} history={store.history} babies={store.babies} />
      <CustomerPicker visible={store.choosingCustomer} onClose={store.customerPicked} />
    </PageShell>
  )
})

export type { FormPageStore }
