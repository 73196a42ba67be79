import { useState } from 'react'
import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { Button, Input, Popup } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import CustomerPicker from '@/components/CustomerPicker'
import NavBar from '@/components/NavBar'
import PageShell from '@/components/PageShell'
import { popupPortal } from '@/components/popupPortal'
import RecordList from '@/components/RecordList'
import ListFilters from '@/components/RecordList/ListFilters'
import { timeText } from '@/features/forms'
import '@/features/forms/locales'
import { useListPage } from '@/hooks/useListPage'
import { usePageTitle } from '@/hooks/usePageTitle'
import { t, tCount, type MessageKey } from '@/i18n'
import { customerStore } from '@/stores'
import { ORDER_STATUSES, OrderListStore, type Order, type OrderListKind } from '../../stores/orderList'
import './index.scss'

const dash = (value: unknown) =>
  value === null || value === undefined || value === '' ? t('common.dash') : String(value)

const customerInRoom = (o: Order) => t('common.withDetail', { name: dash(o.customer_name), detail: dash(o.room) })

/** What a row shows under its number, per list. */
const LINES: Record<OrderListKind, (order: Order) => string[]> = {
  outApplyGeneral: (o) => [`${dash(o.department_name)} · ${dash(o.requester)} · ${dash(o.apply_date)}`],
  outApplyGift: (o) => [`${customerInRoom(o)} · ${dash(o.gift_type_name)} · ${dash(o.apply_date)}`],
  specialCare: (o) => [
    `${customerInRoom(o)} · ${dash(o.consume_date)}`,
    t('stock.amount', { total: Number(o.total ?? 0).toFixed(2) }),
  ],
  inbound: (o) => [
    `${dash(o.supplier)} · ${dash(o.inbound_date)}`,
    t('stock.amount', { total: Number(o.total ?? 0).toFixed(2) }),
  ],
}

/** A button on a card: its tap does not open the card's order. */
const stop = (action: () => void) => (event: { stopPropagation: () => void }) => {
  event.stopPropagation()
  action()
}

/** The stock order lists: search, status and date, open / new / delete, approve / reject / reverse. */
export default observer(function StockOrderList({ kind }: { kind: OrderListKind }) {
  const [store] = useState(
    () => new OrderListStore(kind, { waiting: Taro.getCurrentInstance().router?.params?.status === 'pending' }),
  )
  usePageTitle(store.kind.titleKey as MessageKey)
  useListPage({ refresh: store.refresh, loadMore: store.list.loadMore })

  const { filters, list, canApprove, rejecting } = store
  return (
    <PageShell className="stock-list" navBar={<NavBar title={t(store.kind.titleKey as MessageKey)} back />}>
      <View className="stock-list__filters">
        <ListFilters
          block="stock-list"
          placeholder={t(store.kind.incoming ? 'stock.inboundSearchPlaceholder' : 'stock.searchPlaceholder')}
          keyword={filters.values.keyword}
          date={filters.values.date}
          dateLabel={t('stock.date', { date: filters.values.date })}
          onKeyword={filters.setKeyword}
          onDate={filters.setDate}
        >
          <Button
            className="stock-list__new"
            type="primary"
            size="small"
            onClick={() => store.create(customerStore.customerInfo)}
          >
            {t('stock.new')}
          </Button>
          <Button size="small" fill="outline" onClick={store.exportSheet}>
            {t('sheet.export')}
          </Button>
        </ListFilters>
        <View className="stock-list__statuses">
          {ORDER_STATUSES.map((status) => (
            <View
              key={status}
              className={`stock-list__status ${filters.values.status === status ? 'stock-list__status--active' : ''}`}
              onClick={() => filters.set({ status })}
            >
              <Text>{t(`stock.status.${status}`)}</Text>
            </View>
          ))}
        </View>
        {list.loaded && (
          <Text className="stock-list__total">{tCount('stock.total', list.total, { total: list.total })}</Text>
        )}
      </View>

      <View className="stock-list__items">
        <RecordList
          list={list}
          keyOf={(order) => order.id}
          emptyText={t(store.kind.incoming ? 'stock.emptyInbound' : 'stock.empty')}
          renderItem={(order) => (
            <View className="stock-list__card" onClick={() => store.open(order)}>
              <View className="stock-list__head">
                <Text className="stock-list__no">{order.no}</Text>
                {order.customer_id && (
                  <Text className="stock-list__file" onClick={stop(() => store.openCustomerFile(order))}>
                    {t('customerFile.title')}
                  </Text>
                )}
                <Text className={`stock-list__tag stock-list__tag--${order.status}`}>
                  {t(`stock.status.${order.status}`)}
                </Text>
              </View>
              {LINES[kind](order).map((line) => (
                <Text key={line} className="stock-list__line">
                  {line}
                </Text>
              ))}
              <Text className="stock-list__line stock-list__line--items">
                {tCount('stock.items', order.total_quantity, {
                  summary: order.items_summary,
                  quantity: order.total_quantity,
                })}
              </Text>
              {order.reason && (
                <Text className="stock-list__line stock-list__reason">
                  {t('stock.reason', { reason: order.reason })}
                </Text>
              )}
              <Text className="stock-list__meta">
                {t('stock.createdBy', { name: order.created_by_name ?? '', time: timeText(order.created_at) })}
              </Text>
              <View className="stock-list__actions">
                <Button
                  className="stock-list__pdf"
                  size="small"
                  type="primary"
                  fill="none"
                  onClick={stop(() => store.exportPdf(order))}
                >
                  {t('formUi.exportPdf')}
                </Button>
                {order.status === 'pending' && (
                  <>
                    <Button size="small" type="danger" fill="none" onClick={stop(() => store.remove(order))}>
                      {t('formUi.delete')}
                    </Button>
                    {canApprove && order.may_approve && (
                      <>
                        <Button
                          size="small"
                          type="warning"
                          fill="outline"
                          onClick={stop(() => store.startReject(order))}
                        >
                          {t('stock.reject')}
                        </Button>
                        <Button size="small" type="primary" onClick={stop(() => store.approve(order))}>
                          {t('stock.approve')}
                        </Button>
                      </>
                    )}
                    {canApprove && !order.may_approve && <Text className="stock-list__own">{t('stock.ownOrder')}</Text>}
                  </>
                )}
                {order.status === 'approved' && canApprove && (
                  <Button size="small" type="danger" fill="outline" onClick={stop(() => store.reverse(order))}>
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
        onClose={store.cancelReject}
      >
        <View className="stock-list__reject-body">
          <Input
            className="stock-list__reason-input"
            name="reason"
            value={store.reason}
            placeholder={t('stock.reasonPlaceholder')}
            maxLength={200}
            onChange={store.setReason}
          />
          <Button className="stock-list__reject-confirm" type="danger" block onClick={store.reject}>
            {t('stock.reject')}
          </Button>
        </View>
      </Popup>
      <CustomerPicker visible={store.pickingCustomer} onClose={store.customerPicked} />
    </PageShell>
  )
})
