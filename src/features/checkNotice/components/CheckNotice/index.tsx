import { useEffect, useState } from 'react'
import { Image, Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import CustomerPicker from '@/components/CustomerPicker'
import NavBar from '@/components/NavBar'
import PageShell from '@/components/PageShell'
import { checkNotice } from '@yuezi/contract/forms/definitions/checkNotice'
import '@/features/forms/locales'
import { useLoginGuard } from '@/hooks/useLoginGuard'
import { usePageTitle } from '@/hooks/usePageTitle'
import { t, type MessageKey } from '@/i18n'
import { customerStore, sessionStore } from '@/stores'
import LoadStatus from '@/components/LoadStatus'
import { assetUrl, FormHeader, FormRenderer, RecordsPopup, SaveBar, timeText, useLeaveConfirm } from '@/features/forms'
import { CheckNoticeStore, type SurveyAnswer } from '../../stores/checkNotice'
import './index.scss'

/** An acknowledgement already signed: its signature, date, who took it and when. */
const Acknowledged = observer(function Acknowledged({ answer }: { answer: SurveyAnswer }) {
  const signature = typeof answer.data.customer_signature === 'string' ? answer.data.customer_signature : ''
  return (
    <View className="check-notice__done">
      <Text className="check-notice__done-title">{t('checkNotice.acknowledged')}</Text>
      {signature && <Image className="check-notice__signature" src={assetUrl(signature)} mode="aspectFit" />}
      <Text className="check-notice__done-line">
        {t('checkNotice.signedOn', { date: String(answer.data.sign_date ?? t('common.dash')) })}
      </Text>
      <Text className="check-notice__done-line">
        {t('checkNotice.takenBy', { name: answer.created_by_name, time: timeText(answer.created_at) })}
      </Text>
    </View>
  )
})

/**
 * 入住须知: the site's rules (getSurvey) to read, "I have read and agree", the customer's
 * signature and the date (answerSave); an acknowledgement of these rules already signed is shown.
 */
export default observer(function CheckNotice() {
  const [store] = useState(() => new CheckNoticeStore())
  usePageTitle(checkNotice.titleKey as MessageKey)
  useLoginGuard()
  useLeaveConfirm(() => !!store.session?.dirty)

  useEffect(() => {
    if (!sessionStore.isLoggedIn) return undefined
    store.enter(customerStore.customerInfo)
    return store.leave
  }, [store])

  const { status, survey, answer, session, shown } = store
  return (
    <PageShell
      className="form-page check-notice"
      navBar={<NavBar title={t(checkNotice.titleKey as MessageKey)} back />}
    >
      <FormHeader
        definition={checkNotice}
        session={session}
        hideStatus={!!shown}
        onRecords={store.history.open}
        onNew={store.viewing ? store.closeViewing : undefined}
        onExport={shown ? store.exportPdf : undefined}
      />
      <LoadStatus
        status={status}
        error={t('formUi.loadFailed', { message: store.error })}
        rows={8}
        onRetry={store.load}
      />
      {status === 'ready' && survey && (
        <>
          <View className="check-notice__rules">
            <View className="check-notice__rules-head">
              <Text className="check-notice__rules-title">{survey.title}</Text>
              <Text className="check-notice__version">{t('checkNotice.version', { version: survey.version })}</Text>
            </View>
            {/* The whole text in the page, not a box of its own: the agreement comes after all of it. */}
            <View className="check-notice__rules-text">
              <Text className="check-notice__content">{survey.content}</Text>
            </View>
          </View>
          {shown ? (
            <Acknowledged answer={shown} />
          ) : (
            <>
              {answer && (
                <Text className="check-notice__outdated">
                  {t('checkNotice.rulesChanged', { version: answer.version })}
                </Text>
              )}
              {session && <FormRenderer definition={checkNotice} session={session} />}
            </>
          )}
        </>
      )}
      {!shown && <SaveBar ready={status === 'ready'} saving={session?.saving} onSave={store.save} />}
      <RecordsPopup definition={checkNotice} history={store.history} />
      <CustomerPicker visible={store.choosingCustomer} onClose={store.customerPicked} />
    </PageShell>
  )
})
