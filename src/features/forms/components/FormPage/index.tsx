import { useEffect, useState, type ReactNode } from 'react'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { Button, Skeleton } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import PageShell from '@/components/PageShell'
import '@/forms/locales'
import type { FormDefinition } from '@/forms/types'
import { useLoginGuard } from '@/hooks/useLoginGuard'
import { usePageTitle } from '@/hooks/usePageTitle'
import { t, type MessageKey } from '@/i18n'
import { sessionStore } from '@/stores'
import { FormPageStore, type FormPageOptions } from '../../stores/formPage'
import FormRenderer from '../FormRenderer'
import FormHeader from './FormHeader'
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
    store.enter()
    return store.leave
  }, [store])
  useFlushOnHide(store.flushDraft)

  const { session, status, locked } = store
  return (
    <PageShell className="form-page">
      <FormHeader
        definition={definition}
        session={session}
        onRecords={store.hasRecords ? store.openRecords : undefined}
        onNew={store.canStartNew ? store.startNew : undefined}
      />
      {tools?.(store)}
      {status === 'loading' && (
        <View className="form-page__loading">
          <Skeleton rows={6} animated />
        </View>
      )}
      {status === 'error' && (
        <View className="form-page__error" role="alert">
          <Text>{t('formUi.loadFailed', { message: store.loadError })}</Text>
          <Button type="primary" fill="outline" onClick={store.retry}>
            {t('common.retry')}
          </Button>
        </View>
      )}
      {status === 'ready' && session && (
        <View className={locked ? 'form-page__locked' : undefined}>
          {locked && <Text className="form-page__locked-note">{t('stock.readOnly')}</Text>}
          <FormRenderer definition={definition} session={session} />
        </View>
      )}
      {!locked && (
        <View className="form-page__bar">
          {store.editing && (
            <Button className="form-page__delete" size="large" type="danger" fill="outline" onClick={store.remove}>
              {t('formUi.delete')}
            </Button>
          )}
          <Button
            className="form-page__save"
            size="large"
            type="primary"
            block
            disabled={status !== 'ready'}
            loading={session?.saving}
            onClick={store.save}
          >
            {t('common.save')}
          </Button>
        </View>
      )}
      {store.hasRecords && <RecordsPopup store={store} />}
    </PageShell>
  )
})

export type { FormPageStore }
