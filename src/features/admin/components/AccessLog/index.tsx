import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import CustomerCard from '@/components/CustomerCard'
import CustomerPicker from '@/components/CustomerPicker'
import NavBar from '@/components/NavBar'
import PageShell from '@/components/PageShell'
import RecordList from '@/components/RecordList'
import { useListPage } from '@/hooks/useListPage'
import { usePageTitle } from '@/hooks/usePageTitle'
import { t } from '@/i18n'
import { centreClock, customerStore } from '@/stores'
import '../../locales'
import { AccessLogStore, titleKeyOf, type AccessEntry } from '../../stores/accessLog'
import './index.scss'

/** The record an entry names: its form's title and its number. */
const recordText = (entry: AccessEntry) => {
  const titleKey = titleKeyOf(entry)
  return t('accessLog.record', { title: titleKey ? t(titleKey) : entry.name, id: entry.record_id })
}

/** 查阅记录: pick a customer, then who opened which of her records, read or exported as a PDF, newest first. */
export default observer(function AccessLog() {
  const [store] = useState(() => new AccessLogStore(customerStore.customerInfo))
  usePageTitle('accessLog.title')
  useListPage({ refresh: store.refresh, loadMore: store.list.loadMore })

  return (
    <PageShell className="access-log" navBar={<NavBar title={t('accessLog.title')} back />}>
      <View className="access-log__filters">
        <CustomerCard onPick={store.pickCustomer} />
        <Text className="access-log__total">{t('accessLog.hint')}</Text>
      </View>

      {store.customer && (
        <View className="access-log__items">
          <RecordList
            list={store.list}
            keyOf={(entry) => `${entry.id} ${entry.kind} ${entry.record_id}`}
            emptyText={t('accessLog.empty')}
            renderItem={(entry) => (
              <View className="access-log__card">
                <View className="access-log__head">
                  <Text className="access-log__name">{entry.account_name}</Text>
                  <Text className={`access-log__tag access-log__tag--${entry.action}`}>
                    {t(`accessLog.${entry.action}`)}
                  </Text>
                </View>
                <Text className="access-log__line">{recordText(entry)}</Text>
                <Text className="access-log__meta">{centreClock.dateTime(entry.at)}</Text>
              </View>
            )}
          />
        </View>
      )}

      <CustomerPicker visible={store.pickingCustomer} onClose={store.customerPicked} />
    </PageShell>
  )
})
