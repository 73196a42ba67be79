import { useCallback, useEffect, useRef, useState } from 'react'
import { Image, ScrollView, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { Button, Skeleton } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import { answerList, answerSave, getSurvey } from '@/api/form'
import type { Survey, SurveyAnswer } from '@/api/types'
import PageShell from '@/components/PageShell'
import { checkNotice } from '@/forms/definitions/checkNotice'
import '@/forms/locales'
import { useLoginGuard } from '@/hooks/useLoginGuard'
import { usePageTitle } from '@/hooks/usePageTitle'
import { t, type MessageKey } from '@/i18n'
import { goHome } from '@/utils/navigation'
import { customerStore, formStore, sessionStore } from '@/stores'
import { FormSession } from '@/stores/formSession'
import { assetUrl } from '../assetUrl'
import FormHeader from '../FormPage/FormHeader'
import { currentCustomer } from '../FormPage/openSession'
import FormRenderer, { fieldAnchor } from '../FormRenderer'
import { timeText } from '../summary'
import '../FormPage/index.scss'
import './index.scss'

/** The conflict code: this customer has already acknowledged these rules. */
const CODE_CONFLICT = -6

type Status = 'loading' | 'ready' | 'error'

const toast = (title: string) => Taro.showToast({ title, icon: 'none', duration: 2500 })

/** An acknowledgement already signed: its signature, date, who took it and when. */
function Acknowledged({ answer }: { answer: SurveyAnswer }) {
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
}

/**
 * 入住须知: the site's rules (getSurvey) to read, "I have read and agree", the customer's
 * signature and the date (answerSave); an acknowledgement of these rules already signed is shown.
 */
export default observer(function CheckNotice() {
  const [status, setStatus] = useState<Status>('loading')
  const [error, setError] = useState('')
  const [survey, setSurvey] = useState<Survey | null>(null)
  const [answer, setAnswer] = useState<SurveyAnswer | null>(null)
  const [session, setSession] = useState<FormSession | null>(null)
  const sessionRef = useRef<FormSession | null>(null)
  usePageTitle(checkNotice.titleKey as MessageKey)
  useLoginGuard()

  const load = useCallback(async () => {
    setStatus('loading')
    const customer = currentCustomer()
    try {
      const [rules, answers] = await Promise.all([
        getSurvey(),
        answerList({ customer_id: customer?.id, page: 1, limit: 1 }),
      ])
      const latest = answers.list[0] ?? null
      sessionRef.current?.dispose()
      const next = new FormSession(checkNotice, customer)
      next.restoreDraft()
      sessionRef.current = next
      setSurvey(rules)
      setAnswer(latest)
      setSession(next)
      setStatus('ready')
    } catch (e) {
      setError((e as Error).message)
      setStatus('error')
    }
  }, [])

  useEffect(() => {
    if (!sessionStore.isLoggedIn) return undefined
    formStore.setFormName(checkNotice.name)
    if (!customerStore.customerInfo) {
      toast(t('home.chooseCustomerFirst'))
      goHome()
      return undefined
    }
    load()
    return () => sessionRef.current?.dispose()
  }, [load])

  // Signed for the rules now in force: nothing more to sign.
  const done = !!answer && !!survey && answer.survey_id === survey.id

  const save = async () => {
    const current = sessionRef.current
    if (!current || !survey || !current.customer) return
    const customerId = current.customer.id
    const result = await current.save((body) => answerSave({ customer_id: customerId, survey_id: survey.id, data: body.data }))
    if (result.status === 'saved') {
      toast(t('formUi.saved'))
      load()
    } else if (result.status === 'failed' && result.code === CODE_CONFLICT) {
      // Already signed (a retry after a lost reply, or the rules changed): show what is there now.
      current.discardDraft()
      toast(result.message)
      load()
    } else if (result.status === 'failed') {
      Taro.showModal({
        title: t('request.tip'),
        content: t(result.code === 0 ? 'formUi.saveOffline' : 'formUi.saveFailed', { message: result.message }),
        showCancel: false,
        confirmText: t('common.confirm'),
      })
    } else {
      toast(
        result.status === 'invalid' && result.count > 1
          ? t('formUi.invalidMany', { message: result.message, count: result.count })
          : result.message,
      )
      const [path] = Object.keys(current.errors)
      if (path) Promise.resolve(Taro.pageScrollTo({ selector: `#${fieldAnchor(path)}`, duration: 200 })).catch(() => {})
    }
  }

  return (
    <PageShell className="form-page check-notice">
      <FormHeader definition={checkNotice} session={session} hideStatus={done} />
      {status === 'loading' && (
        <View className="form-page__loading">
          <Skeleton rows={8} animated />
        </View>
      )}
      {status === 'error' && (
        <View className="form-page__error" role="alert">
          <Text>{t('formUi.loadFailed', { message: error })}</Text>
          <Button type="primary" fill="outline" onClick={load}>
            {t('common.retry')}
          </Button>
        </View>
      )}
      {status === 'ready' && survey && (
        <>
          <View className="check-notice__rules">
            <View className="check-notice__rules-head">
              <Text className="check-notice__rules-title">{survey.title}</Text>
              <Text className="check-notice__version">{t('checkNotice.version', { version: survey.version })}</Text>
            </View>
            <ScrollView className="check-notice__rules-text" scrollY>
              <Text className="check-notice__content">{survey.content}</Text>
            </ScrollView>
          </View>
          {done && answer ? (
            <Acknowledged answer={answer} />
          ) : (
            <>
              {answer && <Text className="check-notice__outdated">{t('checkNotice.rulesChanged', { version: answer.version })}</Text>}
              {session && <FormRenderer definition={checkNotice} session={session} />}
            </>
          )}
        </>
      )}
      {!done && (
        <View className="form-page__bar">
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
        </View>
      )}
    </PageShell>
  )
})
