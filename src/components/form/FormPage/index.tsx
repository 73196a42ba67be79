import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { Button, Skeleton } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import { delFormRecord, getFormRecordInfo, saveForm, type SaveFormBody } from '@/api/form'
import type { FormRecord, Saved } from '@/api/types'
import PageShell from '@/components/PageShell'
import '@/forms/locales'
import type { FormData, FormDefinition } from '@/forms/types'
import { useLoginGuard } from '@/hooks/useLoginGuard'
import { usePageTitle } from '@/hooks/usePageTitle'
import { t, type MessageKey } from '@/i18n'
import { goHome } from '@/utils/navigation'
import { customerStore, formStore, sessionStore } from '@/stores'
import { formOptionsStore } from '@/stores/formOptions'
import type { FormSession, SaveResult } from '@/stores/formSession'
import FormRenderer, { fieldAnchor } from '../FormRenderer'
import FormHeader from './FormHeader'
import RecordsPopup from './RecordsPopup'
import { openSession, type OpenOptions } from './openSession'
import './index.scss'

export interface FormPageActions {
  /** Opens a saved record of this form, optionally changing some values (e.g. time_out = now). */
  open: (id: number, patch?: FormData) => void
}

interface Props {
  definition: FormDefinition
  /** Check-in notices: 月子 (true) or 小月子 (false); kept in formStore.is_month. */
  isMonth?: boolean
  /** Extra tools under the header (the visit form's visitors leaving). */
  tools?: (actions: FormPageActions) => ReactNode
  /** Where a save goes; saveForm by default. */
  send?: (body: SaveFormBody) => Promise<Saved>
  /** Reads a record by id (getFormRecordInfo by default); the stock forms read their orders. */
  load?: (id: number) => Promise<FormRecord>
  /** Deletes a record (delFormRecord by default). */
  remove?: (id: number) => Promise<unknown>
  /** Called with each session opened: extra rules, reactions; may answer its clean-up. */
  setup?: (session: FormSession) => void | (() => void)
  /** A loaded record that can only be read (an order no longer pending): no save, no delete. */
  readOnly?: (record: FormRecord) => boolean
  /** Lists its records elsewhere (a list page): no records popup. */
  noRecords?: boolean
}

type Status = 'loading' | 'ready' | 'error'

const toast = (title: string) => Taro.showToast({ title, icon: 'none', duration: 2500 })

/** The record id in the page's address (`?id=…`), when opened from a list. */
function idParam(): number | undefined {
  const id = Number(Taro.getCurrentInstance().router?.params?.id)
  return Number.isInteger(id) && id > 0 ? id : undefined
}

/** Scrolls the first field with a message into view. */
function scrollToFirstError(session: FormSession) {
  const [path] = Object.keys(session.errors)
  if (!path) return
  try {
    Promise.resolve(Taro.pageScrollTo({ selector: `#${fieldAnchor(path)}`, offsetTop: -80, duration: 200 })).catch(() => {})
  } catch {
    // not every runtime scrolls to a selector
  }
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
const defaultLoad = (id: number) => getFormRecordInfo(id)
const defaultRemove = (id: number) => delFormRecord(id)

export default observer(function FormPage({
  definition,
  isMonth,
  tools,
  send = saveForm,
  load = defaultLoad,
  remove: removeRecord = defaultRemove,
  setup,
  readOnly,
  noRecords = false,
}: Props) {
  const [session, setSession] = useState<FormSession | null>(null)
  const [status, setStatus] = useState<Status>('loading')
  const [loadError, setLoadError] = useState('')
  const [showRecords, setShowRecords] = useState(false)
  const sessionRef = useRef<FormSession | null>(null)
  const lastOpen = useRef<OpenOptions & { patch?: FormData }>({})
  const cleanUp = useRef<(() => void) | null>(null)
  usePageTitle(definition.titleKey as MessageKey)
  useLoginGuard()

  const start = useCallback(
    async (options: OpenOptions & { patch?: FormData } = {}) => {
      lastOpen.current = options
      setStatus('loading')
      setLoadError('')
      sessionRef.current?.dispose()
      cleanUp.current?.()
      cleanUp.current = null
      try {
        const next = await openSession(definition, { load, ...options })
        cleanUp.current = setup?.(next) ?? null
        if (options.patch) for (const [key, value] of Object.entries(options.patch)) next.setValue(key, value)
        sessionRef.current = next
        setSession(next)
        setStatus('ready')
      } catch (error) {
        setLoadError((error as Error).message)
        setStatus('error')
      }
    },
    [definition, load, setup],
  )

  useEffect(() => {
    if (!sessionStore.isLoggedIn) return undefined // the login guard takes over
    formStore.setFormName(definition.name)
    if (isMonth !== undefined) formStore.setIsMonth(isMonth)
    formOptionsStore.reset()
    const id = idParam()
    if (!id && definition.needsCustomer && !customerStore.customerInfo) {
      toast(t('home.chooseCustomerFirst'))
      goHome()
      return undefined
    }
    start({ id })
    return () => {
      sessionRef.current?.dispose()
      cleanUp.current?.()
    }
  }, [definition, isMonth, start])

  const flush = useCallback(() => sessionRef.current?.flushDraft(), [])
  useFlushOnHide(flush)

  const report = (result: SaveResult, current: FormSession) => {
    switch (result.status) {
      case 'saved':
        toast(t('formUi.saved'))
        // Who and when, as the server now has them; a one-per-customer record becomes formRecord.
        load(result.id)
          .then((record) => current.setRecordInfo(record))
          .catch(() => {})
        if (definition.onePerCustomer) formStore.fetchFormRecord(definition.name).catch(() => {})
        return
      case 'invalid':
        toast(result.count > 1 ? t('formUi.invalidMany', { message: result.message, count: result.count }) : result.message)
        scrollToFirstError(current)
        return
      case 'refused':
        toast(result.message)
        scrollToFirstError(current)
        return
      case 'failed':
        Taro.showModal({
          title: t('request.tip'),
          content: t(result.code === 0 ? 'formUi.saveOffline' : 'formUi.saveFailed', { message: result.message }),
          showCancel: false,
          confirmText: t('common.confirm'),
        })
    }
  }

  const save = async () => {
    const current = sessionRef.current
    if (!current) return
    const result = await current.save((body) =>
      send({ name: definition.name, ...(current.customer ? { customer_id: current.customer.id } : {}), ...body }),
    )
    report(result, current)
  }

  const remove = async () => {
    const current = sessionRef.current
    if (!current?.recordId) return
    const { confirm } = await Taro.showModal({
      title: t('request.tip'),
      content: t('formUi.deleteConfirm'),
      confirmText: t('formUi.delete'),
      confirmColor: '#fa2c19',
      cancelText: t('common.cancel'),
    })
    if (!confirm) return
    try {
      await removeRecord(current.recordId)
    } catch {
      return // the request layer has said why
    }
    current.discardDraft()
    if (definition.onePerCustomer) formStore.clearRecord()
    toast(t('formUi.deleted'))
    start({ fresh: true })
  }

  const actions: FormPageActions = { open: (id, patch) => start({ id, patch }) }
  const editing = !!session && !session.isNew
  const locked = !!session?.record && !!readOnly?.(session.record)

  return (
    <PageShell className="form-page">
      <FormHeader
        definition={definition}
        session={session}
        onRecords={definition.onePerCustomer || noRecords ? undefined : () => setShowRecords(true)}
        onNew={!definition.onePerCustomer && editing ? () => start({ fresh: true }) : undefined}
      />
      {tools?.(actions)}
      {status === 'loading' && (
        <View className="form-page__loading">
          <Skeleton rows={6} animated />
        </View>
      )}
      {status === 'error' && (
        <View className="form-page__error" role="alert">
          <Text>{t('formUi.loadFailed', { message: loadError })}</Text>
          <Button type="primary" fill="outline" onClick={() => start(lastOpen.current)}>
            {t('common.retry')}
          </Button>
        </View>
      )}
      {status === 'ready' && session && (
        <View className={locked ? 'form-page__locked' : undefined}>
          {locked && (
            <Text className="form-page__locked-note">
              {t('stock.readOnly')}
            </Text>
          )}
          <FormRenderer definition={definition} session={session} />
        </View>
      )}
      {!locked && <View className="form-page__bar">
        {editing && (
          <Button className="form-page__delete" size="large" type="danger" fill="outline" onClick={remove}>
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
          onClick={save}
        >
          {t('common.save')}
        </Button>
      </View>}
      {!definition.onePerCustomer && !noRecords && (
        <RecordsPopup
          visible={showRecords}
          definition={definition}
          customerId={session?.customer?.id}
          onClose={() => setShowRecords(false)}
          onOpen={(id) => {
            setShowRecords(false)
            start({ id })
          }}
        />
      )}
    </PageShell>
  )
})
