import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import { Button } from '@nutui/nutui-react-taro'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import NavBar from '@/components/NavBar'
import PageShell from '@/components/PageShell'
import RecordList from '@/components/RecordList'
import { useListPage } from '@/hooks/useListPage'
import { usePageTitle } from '@/hooks/usePageTitle'
import { t } from '@/i18n'
import { flagText } from '@yuezi/contract/forms/ranges'
import { centreClock, customerStore } from '@/stores'
import { dayOfStay, roomOrLeft } from '@/utils'
import '../../locales'
import { CustomerFileStore, type CustomerFile as File, type TimelineEntry } from '../../stores/customerFile'
import './index.scss'

type Stay = NonNullable<File['stay']>
type Baby = File['babies'][number]

/** Where her stay stands: day N of M (overdue past its leave date), arriving, or left. */
function stayState(stay: Stay) {
  if (stay.status === 'arriving') return t('customerFile.arriving')
  if (stay.status === 'left') return t('customerFile.left')
  return t('customerFile.day', { day: dayOfStay(stay.day ?? 1), days: stay.planned_days })
}

/** 入住记录: every stay of hers, newest first; 再次入住 once she has left. */
const StaysCard = ({ file, onReadmit }: { file: File; onReadmit: () => void }) => (
  <View className="customer-file__card customer-file__stays">
    <View className="customer-file__head">
      <Text className="customer-file__title">{t('customerFile.stays')}</Text>
      {file.stay?.status !== 'in_house' && file.stay?.status !== 'arriving' && (
        <Button className="customer-file__readmit" size="small" fill="outline" type="primary" onClick={onReadmit}>
          {t('customerFile.readmit')}
        </Button>
      )}
    </View>
    {file.stays.map((stay) => (
      <Text key={stay.id} className="customer-file__line customer-file__stay-row">
        {t('customerFile.stayRow', {
          kind: t(`stay.kind.${stay.kind}`),
          room: stay.room,
          from: stay.check_in_date,
          to: stay.left_on ?? stay.leave_date,
          state: stayState(stay),
        })}
      </Text>
    ))}
  </View>
)

const StayCard = ({ file, onEdit }: { file: File; onEdit: () => void }) => (
  <View className="customer-file__card">
    <View className="customer-file__head">
      <Text className="customer-file__name">{file.name}</Text>
      <Text className="customer-file__meta">{roomOrLeft(file)}</Text>
      <Button className="customer-file__edit" size="small" fill="outline" type="primary" onClick={onEdit}>
        {t('customerFile.edit')}
      </Button>
    </View>
    <Text className="customer-file__meta">{file.phone}</Text>
    {file.stay ? (
      <View className="customer-file__stay">
        <View className="customer-file__head">
          <Text className="customer-file__day">{stayState(file.stay)}</Text>
          {file.stay.overdue && <Text className="customer-file__tag">{t('customerFile.overdue')}</Text>}
        </View>
        <Text className="customer-file__meta">
          {t('customerFile.dates', { from: file.stay.check_in_date, to: file.stay.left_on ?? file.stay.leave_date })}
        </Text>
        {file.stay.package_name && (
          <Text className="customer-file__meta">{t('customerFile.package', { name: file.stay.package_name })}</Text>
        )}
      </View>
    ) : (
      <Text className="customer-file__meta">{t('customerFile.noStay')}</Text>
    )}
    <Text className="customer-file__line">
      {t('customerFile.allergies', { value: file.allergies || t('customerFile.none') })}
    </Text>
    <Text className="customer-file__line">
      {t('customerFile.diet', { value: file.diet_needs || t('customerFile.none') })}
    </Text>
  </View>
)

const BabyCard = ({ baby }: { baby: Baby }) => {
  const latest = baby.latest
  const weights = baby.trend.map((reading) => reading.weight).filter((weight) => weight !== null)
  return (
    <View className="customer-file__baby">
      <View className="customer-file__head">
        <Text className="customer-file__name">{baby.name}</Text>
        <Text className="customer-file__meta">{t('customerFile.age', { days: baby.age_days })}</Text>
      </View>
      {baby.birth_weight !== null && (
        <Text className="customer-file__meta">{t('customerFile.birthWeight', { weight: baby.birth_weight })}</Text>
      )}
      {latest ? (
        <View className="customer-file__readings">
          {latest.weight !== null && <Text>{t('customerFile.weight', { value: latest.weight })}</Text>}
          {latest.temperature !== null && <Text>{t('customerFile.temperature', { value: latest.temperature })}</Text>}
          {latest.jaundice !== null && <Text>{t('customerFile.jaundice', { value: latest.jaundice })}</Text>}
          {latest.flags?.map((flag) => (
            <Text key={flag.path} className="customer-file__flag">
              {flagText(flag, t)}
            </Text>
          ))}
        </View>
      ) : (
        <Text className="customer-file__meta">{t('customerFile.noReading')}</Text>
      )}
      {weights.length > 1 && (
        <Text className="customer-file__meta">
          {t('customerFile.trend', { count: weights.length, values: weights.join(' → ') })}
        </Text>
      )}
    </View>
  )
}

const OwedCard = ({ owed, onExport }: { owed: File['owed']; onExport: () => void }) => (
  <View className="customer-file__card">
    <View className="customer-file__head">
      <Text className="customer-file__title">{t('customerFile.owed')}</Text>
      <Button className="customer-file__pdf" size="small" fill="outline" type="primary" onClick={onExport}>
        {t('customerFile.exportPdf')}
      </Button>
    </View>
    <Text className="customer-file__line">{t('customerFile.selfPaid', { amount: owed.self_paid.toFixed(2) })}</Text>
    <Text className="customer-file__line">{t('customerFile.meals', { amount: owed.meals.toFixed(2) })}</Text>
    <Text className="customer-file__total">{t('customerFile.total', { amount: owed.total.toFixed(2) })}</Text>
  </View>
)

/** What an entry is: its form's title; a PDF's, of what it printed. */
function entryTitle(entry: TimelineEntry) {
  if (entry.kind !== 'pdf') return entry.title_key ? t(entry.title_key) : entry.name
  const printed = entry.pdf_of === 'bill' ? t('customerFile.bill') : entry.title_key ? t(entry.title_key) : entry.name
  return t('customerFile.pdf', { title: printed })
}

const EntryRow = ({ entry, onOpen }: { entry: TimelineEntry; onOpen: () => void }) => (
  <View className="customer-file__entry" onClick={onOpen}>
    <View className="customer-file__head">
      <Text className="customer-file__name">{entryTitle(entry)}</Text>
      {entry.status && (
        <Text className={`customer-file__status customer-file__status--${entry.status}`}>
          {t(`stock.status.${entry.status}`)}
        </Text>
      )}
    </View>
    {entry.no && <Text className="customer-file__meta">{entry.no}</Text>}
    <Text className="customer-file__meta">
      {t('customerFile.by', { name: entry.by, at: centreClock.dateTime(entry.at) })}
    </Text>
  </View>
)

/** 客户档案: her stay, babies, allergies and diet, what she owes, and everything recorded about her. */
export default observer(function CustomerFile() {
  const [store] = useState(
    () => new CustomerFileStore(Number(Taro.getCurrentInstance().router?.params?.id) || customerStore.customerInfo?.id),
  )
  usePageTitle('customerFile.title')
  useListPage({ refresh: store.refresh, loadMore: store.list.loadMore })
  const file = store.file

  return (
    <PageShell className="customer-file" navBar={<NavBar title={t('customerFile.title')} back />}>
      {file && (
        <>
          <StayCard file={file} onEdit={store.edit} />
          {file.babies.length > 0 && (
            <View className="customer-file__card">
              <Text className="customer-file__title">{t('customerFile.babies')}</Text>
              {file.babies.map((baby) => (
                <BabyCard key={baby.id} baby={baby} />
              ))}
            </View>
          )}
          <StaysCard file={file} onReadmit={store.readmit} />
          <OwedCard owed={file.owed} onExport={store.exportBill} />
          <Text className="customer-file__section">{t('customerFile.timeline')}</Text>
        </>
      )}
      <View className="customer-file__items">
        <RecordList
          list={store.list}
          // A record may be printed more than once: a PDF is told apart by when.
          keyOf={(entry) => `${entry.kind}-${entry.id}-${entry.kind === 'pdf' ? entry.at : ''}`}
          emptyText={t('customerFile.empty')}
          renderItem={(entry) => <EntryRow entry={entry} onOpen={() => store.openEntry(entry)} />}
        />
      </View>
    </PageShell>
  )
})
