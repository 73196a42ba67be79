import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import { Button, Popup } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import { popupPortal } from '@/components/popupPortal'
import type { StayKind } from '@yuezi/contract/forms/definitions/admission'
import type { FormDefinition } from '@yuezi/contract/forms/types'
import { t } from '@/i18n'
import { customerStore } from '@/stores'
import { dayOfStay } from '@/utils'
import { careRecords, FormPage, type FormPageStore } from '@/features/forms'
import '../../locales'
import { CheckInNoticeStore, type FileChoice, type NamedChoice } from '../../stores/checkInNotice'
import './index.scss'

/** Whom the notice is for: the chosen mother (room, day N of M) or a new arrival, and the way to the other. */
const NoticeFor = observer(function NoticeFor({ page, notice }: { page: FormPageStore; notice: CheckInNoticeStore }) {
  const customer = page.session?.customer
  if (!page.session) return null
  const stay = customer && page.customer?.id === customer.id ? page.customer.stay : null
  return (
    <View className={`notice-for ${customer ? '' : 'notice-for--new'}`}>
      <View className="notice-for__who">
        <Text className="notice-for__name">
          {customer ? t('notice.for', { name: customer.name }) : t('notice.newArrival')}
        </Text>
        {customer?.room && <Text className="notice-for__meta">{t('notice.room', { room: customer.room })}</Text>}
        {stay?.day && (
          <Text className="notice-for__meta">
            {t('notice.stayDay', { day: dayOfStay(stay.day), days: stay.planned_days })}
          </Text>
        )}
        {/* The 小月子 notice has no babies: its admission makes none. */}
        {!customer && (
          <Text className="notice-for__hint">
            {t(notice.kind === 'small' ? 'notice.newArrivalHintSmall' : 'notice.newArrivalHint')}
          </Text>
        )}
      </View>
      {customer ? (
        page.session.isNew && (
          <Button className="notice-for__switch" size="small" fill="outline" type="primary" onClick={notice.newArrival}>
            {t('notice.startNewArrival')}
          </Button>
        )
      ) : (
        <Button className="notice-for__switch" size="small" fill="outline" type="primary" onClick={page.chooseCustomer}>
          {t('notice.chooseExisting')}
        </Button>
      )}
    </View>
  )
})

/** A choice of a question: the first is the one suggested, the others outlined. */
interface Choice {
  choice: NamedChoice | FileChoice
  label: string
  className: string
}

/** A question asked before the notice is sent: its choices, then 取消 (closing it cancels too). */
const Question = observer(function Question({
  notice,
  question,
  title,
  text,
  choices,
  className = '',
}: {
  notice: CheckInNoticeStore
  question: NonNullable<CheckInNoticeStore['asking']>
  title: string
  text: string
  choices: Choice[]
  className?: string
}) {
  return (
    <Popup
      className={`notice-ask ${className}`}
      visible={notice.asking === question}
      position="bottom"
      round
      title={title}
      portal={popupPortal}
      onClose={() => notice.choose('cancel')}
    >
      <View className="notice-ask__body">
        <Text className="notice-ask__text">{text}</Text>
        {choices.map(({ choice, label, className: choiceClass }, i) => (
          <Button
            key={choice}
            className={choiceClass}
            type="primary"
            fill={i === 0 ? undefined : 'outline'}
            block
            onClick={() => notice.choose(choice)}
          >
            {label}
          </Button>
        ))}
        <Button className="notice-ask__cancel" fill="none" block onClick={() => notice.choose('cancel')}>
          {t('common.cancel')}
        </Button>
      </View>
    </Popup>
  )
})

/** The question asked when the chosen mother's name or phone was changed. */
const NamedQuestion = observer(function NamedQuestion({
  page,
  notice,
}: {
  page: FormPageStore
  notice: CheckInNoticeStore
}) {
  const session = page.session
  const name = session?.customer?.name ?? ''
  const correct: Choice = { choice: 'correct', label: t('notice.correct'), className: 'notice-ask__correct' }
  const admit: Choice = { choice: 'admit', label: t('notice.admit'), className: 'notice-ask__admit' }
  return (
    <Question
      notice={notice}
      question="named"
      title={t('notice.askTitle')}
      text={session?.isNew ? t('notice.askContent', { name }) : t('notice.askEditing', { name })}
      choices={session?.isNew ? [correct, admit] : [correct]}
    />
  )
})

/** The question asked when the notice changes her allergies, diet or babies: her file updated with it, or not. */
const FileQuestion = observer(function FileQuestion({
  page,
  notice,
}: {
  page: FormPageStore
  notice: CheckInNoticeStore
}) {
  return (
    <Question
      notice={notice}
      question="file"
      className="notice-file"
      title={t('notice.fileTitle')}
      text={t('notice.fileContent', { name: page.session?.customer?.name ?? '' })}
      choices={[
        { choice: 'update', label: t('notice.fileUpdate'), className: 'notice-file__update' },
        { choice: 'recordOnly', label: t('notice.fileRecordOnly'), className: 'notice-file__record-only' },
      ]}
    />
  )
})

/** The mother already here whose phone or ID number a new arrival's notice gave, offered instead. */
const DuplicateOffer = observer(function DuplicateOffer({ notice }: { notice: CheckInNoticeStore }) {
  const duplicate = notice.duplicate
  return (
    <Popup
      className="notice-ask notice-duplicate"
      visible={!!duplicate}
      position="bottom"
      round
      title={t('notice.duplicate.title')}
      portal={popupPortal}
      onClose={notice.dismissDuplicate}
    >
      {duplicate && (
        <View className="notice-ask__body">
          <Text className="notice-ask__text">
            {t(`notice.duplicate.${duplicate.field}`, { name: duplicate.name, room: duplicate.room })}
          </Text>
          <Text className="notice-ask__text">{t('notice.duplicate.hint')}</Text>
          <Button className="notice-duplicate__her" type="primary" block onClick={notice.forDuplicate}>
            {t('notice.duplicate.forHer', { name: duplicate.name })}
          </Button>
          <Button className="notice-ask__cancel" fill="none" block onClick={notice.dismissDuplicate}>
            {t('common.cancel')}
          </Button>
        </View>
      )}
    </Popup>
  )
})

/** A check-in notice (月子 or 小月子): for the mother it names, or for a new arrival admitted with it. */
export default function CheckInNotice({ definition, kind }: { definition: FormDefinition; kind: StayKind }) {
  const [notice] = useState(() => new CheckInNoticeStore(kind, customerStore.select))
  return (
    <FormPage
      definition={definition}
      backend={{ ...careRecords, send: notice.send }}
      setup={notice.setup}
      beforeSave={notice.beforeSave}
      tools={(page) => {
        notice.attach(page)
        return (
          <>
            <NoticeFor page={page} notice={notice} />
            <NamedQuestion page={page} notice={notice} />
            <FileQuestion page={page} notice={notice} />
            <DuplicateOffer notice={notice} />
          </>
        )
      }}
    />
  )
}
