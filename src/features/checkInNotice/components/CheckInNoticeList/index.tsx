import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import { Button } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import NavBar from '@/components/NavBar'
import PageShell from '@/components/PageShell'
import RecordList from '@/components/RecordList'
import ListFilters from '@/components/RecordList/ListFilters'
import { checkInNoticeMonth, checkInNoticeSmall } from '@yuezi/contract/forms/definitions/checkInNotice'
import '@/features/forms/locales'
import { useListPage } from '@/hooks/useListPage'
import { usePageTitle } from '@/hooks/usePageTitle'
import { t, tCount, type MessageKey } from '@/i18n'
import { timeText } from '@/features/forms'
import { CHECK_IN_NOTICE_KINDS, CheckInNoticeListStore, isMonthRecord } from '../../stores/checkInNoticeList'
import './index.scss'

/** 入住通知单记录: both kinds of check-in notice, searchable, by date and kind, open / new / delete. */
export default observer(function CheckInNoticeList() {
  const [store] = useState(() => new CheckInNoticeListStore())
  usePageTitle('checkInNoticeList.title' as MessageKey)
  useListPage({ refresh: store.refresh, loadMore: store.list.loadMore })

  const { filters, list } = store
  return (
    <PageShell className="checkin-list" navBar={<NavBar title={t('checkInNoticeList.title' as MessageKey)} back />}>
      <View className="checkin-list__filters">
        <ListFilters
          block="checkin-list"
          placeholder={t('checkInNoticeList.searchPlaceholder')}
          keyword={filters.values.keyword}
          date={filters.values.date}
          dateLabel={t('checkInNoticeList.createdOn', { date: filters.values.date })}
          onKeyword={filters.setKeyword}
          onDate={filters.setDate}
        />
        <View className="checkin-list__kinds">
          {CHECK_IN_NOTICE_KINDS.map(({ kind, labelKey }) => {
            const count = store.countOf(kind)
            return (
              <View
                key={kind}
                className={`checkin-list__kind ${filters.values.kind === kind ? 'checkin-list__kind--active' : ''}`}
                onClick={() => filters.set({ kind })}
              >
                <Text>{t(labelKey)}</Text>
                {count !== null && <Text className="checkin-list__count">{count}</Text>}
              </View>
            )
          })}
        </View>
        <View className="checkin-list__new">
          <Button type="primary" size="small" onClick={() => store.create(checkInNoticeMonth)}>
            {t('checkInNoticeList.newMonth')}
          </Button>
          <Button type="primary" size="small" fill="outline" onClick={() => store.create(checkInNoticeSmall)}>
            {t('checkInNoticeList.newSmall')}
          </Button>
          <Button size="small" fill="none" onClick={store.exportSheet}>
            {t('sheet.export')}
          </Button>
        </View>
        {list.loaded && (
          <Text className="checkin-list__total">
            {tCount('checkInNoticeList.total', list.total, { total: list.total })}
          </Text>
        )}
      </View>

      <View className="checkin-list__items">
        <RecordList
          list={list}
          keyOf={(record) => record.id}
          emptyText={t('checkInNoticeList.empty')}
          renderItem={(record) => (
            <View className="checkin-list__card" onClick={() => store.open(record)}>
              <View className="checkin-list__head">
                <Text className="checkin-list__name">
                  {record.customer_name ?? String(record.data.customer_name ?? t('common.dash'))}
                </Text>
                {record.customer_id && (
                  <Text
                    className="checkin-list__file"
                    onClick={(event) => {
                      event.stopPropagation()
                      store.openCustomerFile(record)
                    }}
                  >
                    {t('customerFile.title')}
                  </Text>
                )}
                <Text className={`checkin-list__tag ${isMonthRecord(record) ? '' : 'checkin-list__tag--small'}`}>
                  {t(isMonthRecord(record) ? 'checkInNoticeList.month' : 'checkInNoticeList.small')}
                </Text>
              </View>
              <Text className="checkin-list__line">
                {t('checkInNoticeList.checkIn', {
                  date: String(record.data.check_in_date ?? t('common.dash')),
                  room: String(record.data.room ?? record.room ?? t('common.dash')),
                })}
              </Text>
              <View className="checkin-list__foot">
                <Text className="checkin-list__meta">
                  {t('checkInNoticeList.createdBy', {
                    name: record.created_by_name ?? '',
                    time: timeText(record.created_at),
                  })}
                </Text>
                <Button
                  size="small"
                  type="danger"
                  fill="none"
                  onClick={(event) => {
                    event.stopPropagation()
                    store.remove(record)
                  }}
                >
                  {t('formUi.delete')}
                </Button>
              </View>
            </View>
          )}
        />
      </View>
    </PageShell>
  )
})
