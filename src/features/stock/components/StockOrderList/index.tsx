import { useCallback, useEffect, useRef, useState } from 'react'
import { Text, View } from '@tarojs/components'
import Taro, { usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { Button, Input, Popup } from '@nutui/nutui-react-taro'
import { runInAction } from 'mobx'
import { observer } from 'mobx-react-lite'
import type { OrderBase, OrderQuery, OrderStatus } from '@/features/stock/api/orders'
import { outApply, type OutApply } from '@/features/stock/api/outApply'
import { specialCare, type SpecialCare } from '@/features/stock/api/specialCare'
import CustomerPicker from '@/components/CustomerPicker'
import PageShell from '@/components/PageShell'
import { popupPortal } from '@/components/popupPortal'
import RecordList from '@/components/RecordList'
import { timeText } from '@/features/forms/summary'
import { outApplyGeneral, outApplyGift, selfPaidItems } from '@/forms/definitions/stock'
import '@/forms/locales'
import type { FormDefinition } from '@/forms/types'
import { useLoginGuard } from '@/hooks/useLoginGuard'
import { usePageTitle } from '@/hooks/usePageTitle'
import { t, type MessageKey } from '@/i18n'
import { customerStore, formStore, sessionStore } from '@/stores'
import { PagedList } from '@/stores/pagedList'
import ListFilters from '@/components/RecordList/ListFilters'
import './StockOrderList.scss'

export type StockListKind = 'outApplyGeneral' | 'outApplyGift' | 'selfPaid'

type Order = OrderBase & Partial<OutApply> & Partial<SpecialCare>

interface Kind {
  titleKey: string
  definition: FormDefinition
  api: typeof outApply | typeof specialCare
  filters: Partial<OrderQuery>
  /** What a row shows under its number. */
  lines: (order: Order) => string[]
}

const dash = (value: unknown) => (value === null || value === undefined || value === '' ? t('common.dash') : String(value))

const KINDS: Record<StockListKind, Kind> = {
  outApplyGeneral: {
    titleKey: 'stock.outboundList.title',
    definition: outApplyGeneral,
    api: outApply,
    filters: { type: 'general' },
    lines: (o) => [`${dash(o.department_name)} · ${dash(o.requester)} · ${dash(o.apply_date)}`],
  },
  outApplyGift: {
    titleKey: 'stock.giftList.title',
    definition: outApplyGift,
    api: outApply,
    filters: { type: 'gift' },
    lines: (o) => [`${dash(o.customer_name)}（${dash(o.room)}） · ${dash(o.gift_type_name)} · ${dash(o.apply_date)}`],
  },
  selfPaid: {
    titleKey: 'stock.selfPaidList.title',
    definition: selfPaidItems,
    api: specialCare,
    filters: {},
    lines: (o) => [
      `${dash(o.customer_name)}（${dash(o.room)}） · ${dash(o.consume_date)}`,
      t('stock.amount', { total: Number(o.total ?? 0).toFixed(2) }),
    ],
  },
}

const STATUSES: ('all' | OrderStatus)[] = ['all', 'pending', 'approved', 'rejected', 'reversed']

interface Filters {
  status: 'all' | OrderStatus
  /** YYYY-MM-DD, or '' for every date. */
  date: string
  keyword: string
}

function fetcherFor(kind: Kind, { status, date, keyword }: Filters) {
  const query = {
    ...kind.filters,
    ...(status !== 'all' ? { status } : {}),
    ...(date ? { date_from: date, date_to: date } : {}),
    ...(keyword ? { keyword } : {}),
  }
  return (page: number, limit: number) => kind.api.index({ ...query, page, limit }) as Promise<{ list: Order[]; total: number }>
}

const toast = (title: string) => Taro.showToast({ title, icon: 'none', duration: 2500 })

/** The three stock order lists: search, status and date, open / new / delete, approve / reject / reverse. */
export default observer(function StockOrderList({ kind: kindName }: { kind: StockListKind }) {
  const kind = KINDS[kindName]
  const [filters, setFilters] = useState<Filters>({ status: 'all', date: formStore.today, keyword: '' })
  const [pickingCustomer, setPickingCustomer] = useState(false)
  const [rejecting, setRejecting] = useState<Order | null>(null)
  const [reason, setReason] = useState('')
  const [list] = useState(() => new PagedList<Order>(fetcherFor(kind, filters)))
  /** Approve / reject / reverse are for the staff allowed to; deleting a pending order is for everyone. */
  const canApprove = sessionStore.userInfo?.can_approve === true
  const shown = useRef(false)
  usePageTitle(kind.titleKey as MessageKey)

  const refresh = useCallback(() => list.reload(fetcherFor(kind, filters)), [filters, kind, list])

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

  const openForm = (id?: number) => {
    formStore.setFormName(kind.definition.name)
    Taro.navigateTo({ url: id ? `${kind.definition.route}?id=${id}` : kind.definition.route })
  }

  const create = () => {
    if (kind.definition.needsCustomer && !customerStore.customerInfo) {
      toast(t('home.chooseCustomerFirst'))
      setPickingCustomer(true)
      return
    }
    openForm()
  }

  const confirm = async (content: string, confirmText: string, danger = false) =>
    (
      await Taro.showModal({
        title: t('request.tip'),
        content,
        confirmText,
        ...(danger ? { confirmColor: '#fa2c19' } : {}),
        cancelText: t('common.cancel'),
      })
    ).confirm

  /** The order as the server now has it replaces the row (a filtered status may drop it). */
  const replace = (order: Order) => {
    if (filters.status !== 'all' && order.status !== filters.status) list.remove((item) => item.id === order.id)
    else runInAction(() => (list.items = list.items.map((item) => (item.id === order.id ? { ...item, ...order } : item))))
  }

  const remove = async (order: Order) => {
    if (!(await confirm(t('stock.deleteConfirm', { no: order.no }), t('formUi.delete'), true))) return
    try {
      await kind.api.del(order.id)
    } catch {
      return // the request layer has said why
    }
    list.remove((item) => item.id === order.id)
    toast(t('formUi.deleted'))
  }

  const check = async (order: Order, body: { approve: boolean; reason?: string } | { reverse: true }, done: string) => {
    try {
      const updated = (await kind.api.check({ id: order.id, ...body } as never)) as Order
      replace(updated)
      toast(t(done))
      return true
    } catch {
      return false // the request layer has shown the server's message
    }
  }

  const approve = async (order: Order) => {
    if (await confirm(t('stock.approveConfirm', { no: order.no }), t('stock.approve'))) {
      await check(order, { approve: true }, 'stock.done.approved')
    }
  }

  const reverse = async (order: Order) => {
    if (await confirm(t('stock.reverseConfirm', { no: order.no }), t('stock.reverse'), true)) {
      await check(order, { reverse: true }, 'stock.done.reversed')
    }
  }

  const reject = async () => {
    if (!rejecting) return
    const text = reason.trim()
    if (!text) {
      toast(t('stock.reasonRequired'))
      return
    }
    if (await check(rejecting, { approve: false, reason: text }, 'stock.done.rejected')) {
      setRejecting(null)
      setReason('')
    }
  }

  const stop = (action: () => void) => (event: { stopPropagation: () => void }) => {
    event.stopPropagation()
    action()
  }

  return (
    <PageShell className="stock-list">
      <View className="stock-list__filters">
        <ListFilters
          block="stock-list"
          placeholder={t('stock.searchPlaceholder')}
          date={filters.date}
          dateLabel={t('stock.date', { date: filters.date })}
          onKeyword={(keyword) => setFilters((f) => (f.keyword === keyword ? f : { ...f, keyword }))}
          onDate={(date) => setFilters((f) => ({ ...f, date }))}
        >
          <Button className="stock-list__new" type="primary" size="small" onClick={create}>
            {t('stock.new')}
          </Button>
        </ListFilters>
        <View className="stock-list__statuses">
          {STATUSES.map((status) => (
            <View
              key={status}
              className={`stock-list__status ${filters.status === status ? 'stock-list__status--active' : ''}`}
              onClick={() => setFilters((f) => ({ ...f, status }))}
            >
              <Text>{t(`stock.status.${status}`)}</Text>
            </View>
          ))}
        </View>
        {list.loaded && <Text className="stock-list__total">{t('stock.total', { total: list.total })}</Text>}
      </View>

      <View className="stock-list__items">
        <RecordList
          list={list}
          keyOf={(order) => order.id}
          emptyText={t('stock.empty')}
          renderItem={(order) => (
            <View className="stock-list__card" onClick={() => openForm(order.id)}>
              <View className="stock-list__head">
                <Text className="stock-list__no">{order.no}</Text>
                <Text className={`stock-list__tag stock-list__tag--${order.status}`}>{t(`stock.status.${order.status}`)}</Text>
              </View>
              {kind.lines(order).map((line) => (
                <Text key={line} className="stock-list__line">
                  {line}
                </Text>
              ))}
              <Text className="stock-list__line stock-list__line--items">
                {t('stock.items', { summary: order.items_summary, quantity: order.total_quantity })}
              </Text>
              {order.reason && <Text className="stock-list__line stock-list__reason">{t('stock.reason', { reason: order.reason })}</Text>}
              <Text className="stock-list__meta">
                {t('stock.createdBy', { name: order.created_by_name ?? '', time: timeText(order.created_at) })}
              </Text>
              <View className="stock-list__actions">
                {order.status === 'pending' && (
                  <>
                    <Button size="small" type="danger" fill="none" onClick={stop(() => remove(order))}>
                      {t('formUi.delete')}
                    </Button>
                    {canApprove && (
                      <>
                        <Button size="small" type="warning" fill="outline" onClick={stop(() => setRejecting(order))}>
                          {t('stock.reject')}
                        </Button>
                        <Button size="small" type="primary" onClick={stop(() => approve(order))}>
                          {t('stock.approve')}
                        </Button>
                      </>
                    )}
                  </>
                )}
                {order.status === 'approved' && canApprove && (
                  <Button size="small" type="danger" fill="outline" onClick={stop(() => reverse(order))}>
                    {t('stock.reverse')}
                  </Button>
                )}
              </View>
            </View>
          )}
        />
      </View>

      <Popup
        className="stock-list__reject"
        visible={rejecting !== null}
        position="bottom"
        round
        closeable
        title={rejecting ? t('stock.rejectTitle', { no: rejecting.no }) : ''}
        portal={popupPortal}
        onClose={() => setRejecting(null)}
      >
        <View className="stock-list__reject-body">
          <Input name="reason" value={reason} placeholder={t('stock.reasonPlaceholder')} maxLength={200} onChange={setReason} />
          <Button className="stock-list__reject-confirm" type="danger" block onClick={reject}>
            {t('stock.reject')}
          </Button>
        </View>
      </Popup>
      <CustomerPicker
        visible={pickingCustomer}
        onClose={() => {
          setPickingCustomer(false)
          if (customerStore.customerInfo) openForm()
        }}
      />
    </PageShell>
  )
})
