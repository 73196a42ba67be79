import { useCallback, useEffect, useRef, useState } from 'react'
import { Text, View } from '@tarojs/components'
import Taro, { usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { Button } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import { delFormRecord, getFormRecord, getFormRecordCount } from '@/api/form'
import type { FormRecord } from '@/api/types'
import CustomerPicker from '@/components/CustomerPicker'
import PageShell from '@/components/PageShell'
import RecordList from '@/components/RecordList'
import { checkInNoticeMonth, checkInNoticeSmall } from '@/forms/definitions/checkInNotice'
import '@/forms/locales'
import type { FormDefinition } from '@/forms/types'
import { useLoginGuard } from '@/hooks/useLoginGuard'
import { usePageTitle } from '@/hooks/usePageTitle'
import { t, type MessageKey } from '@/i18n'
import { customerStore, formStore, sessionStore } from '@/stores'
import { PagedList } from '@/stores/pagedList'
import { timeText } from '../summary'
import { mergedPages } from './mergedPages'
import ListFilters from '@/components/RecordList/ListFilters'
import './index.scss'

type Kind = 'all' | 'month' | 'small'

const KINDS: { kind: Kind; labelKey: string; definitions: FormDefinition[] }[] = [
  { kind: 'all', labelKey: 'checkInList.all', definitions: [checkInNoticeMonth, checkInNoticeSmall] },
  { kind: 'month', labelKey: 'checkInList.month', definitions: [checkInNoticeMonth] },
  { kind: 'small', labelKey: 'checkInList.small', definitions: [checkInNoticeSmall] },
]

interface Filters {
  kind: Kind
  /** YYYY-MM-DD, or '' for every date. */
  date: string
  keyword: string
}

function fetcherFor({ kind, date, keyword }: Filters) {
  const definitions = KINDS.find((k) => k.kind === kind)!.definitions
  const query = { ...(date ? { date_from: date, date_to: date } : {}), ...(keyword ? { keyword } : {}) }
  const sources = definitions.map((d) => (page: number, limit: number) => getFormRecord({ ...query, name: d.name, page, limit }))
  return sources.length === 1 ? sources[0] : mergedPages(sources)
}

/** Records of each kind: created on the date (getFormRecordCount), or all of them without a date. */
async function countsFor(date: string): Promise<Record<string, number>> {
  const counts = await Promise.all(
    [checkInNoticeMonth, checkInNoticeSmall].map(async (d) => {
      if (date) {
        const result = await getFormRecordCount({ name: d.name, date })
        return 'count' in result ? result.count : (result.counts[d.name] ?? 0)
      }
      return (await getFormRecord({ name: d.name, page: 1, limit: 1 })).total
    }),
  )
  return { [checkInNoticeMonth.name]: counts[0], [checkInNoticeSmall.name]: counts[1] }
}

const isMonthRecord = (record: FormRecord) => record.name === checkInNoticeMonth.name

/** 入住通知单记录: both kinds of check-in notice, searchable, by date and kind, open / new / delete. */
export default observer(function CheckInNoticeList() {
  const [filters, setFilters] = useState<Filters>({ kind: 'all', date: formStore.today, keyword: '' })
  const [counts, setCounts] = useState<Record<string, number> | null>(null)
  const [pickingCustomer, setPickingCustomer] = useState<FormDefinition | null>(null)
  const [list] = useState(() => new PagedList<FormRecord>(fetcherFor(filters)))
  const shown = useRef(false)
  usePageTitle('checkInList.title' as MessageKey)

  const refresh = useCallback(() => {
    countsFor(filters.date)
      .then(setCounts)
      .catch(() => setCounts(null))
    return list.reload(fetcherFor(filters))
  }, [filters, list])

  // Back from a form (saved or deleted there): the list again.
  useLoginGuard(() => {
    if (shown.current) refresh()
    shown.current = true
  })
  useEffect(() => {
    if (sessionStore.isLoggedIn) refresh()
  }, [refresh])


  usePullDownRefresh(() => {
    refresh().finally(() => Taro.stopPullDownRefresh())
  })
  useReachBottom(() => {
    list.loadMore()
  })

  const openForm = (definition: FormDefinition, id?: number) => {
    formStore.setFormName(definition.name)
    formStore.setIsMonth(definition === checkInNoticeMonth)
    Taro.navigateTo({ url: id ? `${definition.route}?id=${id}` : definition.route })
  }

  const create = (definition: FormDefinition) => {
    if (!customerStore.customerInfo) {
      Taro.showToast({ title: t('home.chooseCustomerFirst'), icon: 'none' })
      setPickingCustomer(definition)
      return
    }
    openForm(definition)
  }

  const remove = async (record: FormRecord) => {
    const { confirm } = await Taro.showModal({
      title: t('request.tip'),
      content: t('checkInList.deleteConfirm', { name: record.customer_name ?? String(record.data.customer_name ?? '') }),
      confirmText: t('formUi.delete'),
      confirmColor: '#fa2c19',
      cancelText: t('common.cancel'),
    })
    if (!confirm) return
    try {
      await delFormRecord(record.id)
    } catch {
      return // the request layer has said why
    }
    list.remove((item) => item.id === record.id)
    Taro.showToast({ title: t('formUi.deleted'), icon: 'none' })
    countsFor(filters.date)
      .then(setCounts)
      .catch(() => {})
  }

  const countOf = (kind: Kind) => {
    if (!counts) return null
    const month = counts[checkInNoticeMonth.name] ?? 0
    const small = counts[checkInNoticeSmall.name] ?? 0
    return kind === 'all' ? month + small : kind === 'month' ? month : small
  }

  return (
    <PageShell className="checkin-list">
      <View className="checkin-list__filters">
        <ListFilters
          block="checkin-list"
          placeholder={t('checkInList.searchPlaceholder')}
          date={filters.date}
          dateLabel={t('checkInList.createdOn', { date: filters.date })}
          onKeyword={(keyword) => setFilters((f) => (f.keyword === keyword ? f : { ...f, keyword }))}
          onDate={(date) => setFilters((f) => ({ ...f, date }))}
        />
        <View className="checkin-list__kinds">
          {KINDS.map(({ kind, labelKey }) => {
            const count = countOf(kind)
            return (
              <View
                key={kind}
                className={`checkin-list__kind ${filters.kind === kind ? 'checkin-list__kind--active' : ''}`}
                onClick={() => setFilters((f) => ({ ...f, kind }))}
              >
                <Text>{t(labelKey)}</Text>
                {count !== null && <Text className="checkin-list__count">{count}</Text>}
              </View>
            )
          })}
        </View>
        <View className="checkin-list__new">
          <Button type="primary" size="small" onClick={() => create(checkInNoticeMonth)}>
            {t('checkInList.newMonth')}
          </Button>
          <Button type="primary" size="small" fill="outline" onClick={() => create(checkInNoticeSmall)}>
            {t('checkInList.newSmall')}
          </Button>
        </View>
        {list.loaded && <Text className="checkin-list__total">{t('checkInList.total', { total: list.total })}</Text>}
      </View>

      <View className="checkin-list__items">
        <RecordList
          list={list}
          keyOf={(record) => record.id}
          emptyText={t('checkInList.empty')}
          renderItem={(record) => {
            const definition = isMonthRecord(record) ? checkInNoticeMonth : checkInNoticeSmall
            return (
              <View className="checkin-list__card" onClick={() => openForm(definition, record.id)}>
                <View className="checkin-list__head">
                  <Text className="checkin-list__name">
                    {record.customer_name ?? String(record.data.customer_name ?? t('common.dash'))}
                  </Text>
                  <Text className={`checkin-list__tag ${isMonthRecord(record) ? '' : 'checkin-list__tag--small'}`}>
                    {t(isMonthRecord(record) ? 'checkInList.month' : 'checkInList.small')}
                  </Text>
                </View>
                <Text className="checkin-list__line">
                  {t('checkInList.checkIn', {
                    date: String(record.data.check_in_date ?? t('common.dash')),
                    room: String(record.data.room ?? record.room ?? t('common.dash')),
                  })}
                </Text>
                <View className="checkin-list__foot">
                  <Text className="checkin-list__meta">
                    {t('checkInList.createdBy', { name: record.created_by_name ?? '', time: timeText(record.created_at) })}
                  </Text>
                  <Button
                    size="small"
                    type="danger"
                    fill="none"
                    onClick={(event) => {
                      event.stopPropagation()
                      remove(record)
                    }}
                  >
                    {t('formUi.delete')}
                  </Button>
                </View>
              </View>
            )
          }}
        />
      </View>

      <CustomerPicker
        visible={pickingCustomer !== null}
        onClose={() => {
          const definition = pickingCustomer
          setPickingCustomer(null)
          if (definition && customerStore.customerInfo) openForm(definition)
        }}
      />
    </PageShell>
  )
})
