import { useEffect, useState } from 'react'
import { Text, View } from '@tarojs/components'
import { Button, Cell, Tag } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import EmptyState from '@/components/EmptyState'
import LoadStatus from '@/components/LoadStatus'
import NavBar from '@/components/NavBar'
import PageShell from '@/components/PageShell'
import { useLoginGuard } from '@/hooks/useLoginGuard'
import { usePageTitle } from '@/hooks/usePageTitle'
import { t, type MessageKey } from '@/i18n'
import { customerStore, sessionStore } from '@/stores'
import type { Customer } from '@/stores/customer'
import { stayDay } from '@/utils'
import '../../locales'
import { StayStore } from '../../stores/stay'
import './index.scss'

/** Her stay changed (`customer` as read since): the current customer (when it is her) and the picker's rows show it. */
function stayChanged(customer: Customer) {
  if (customerStore.customerInfo?.id === customer.id) customerStore.select(customer)
  customerStore.search(customerStore.keyword)
}

/** 入住信息: her stay as the front desk sees it, with checking her in or out, undoing a check-out, admitting her again. */
export default observer(function Stay({ id }: { id?: number }) {
  const [store] = useState(() => new StayStore(id, stayChanged))
  usePageTitle('stay.title' as MessageKey)
  useLoginGuard()
  // Without a session the login guard takes over.
  useEffect(() => void (sessionStore.isLoggedIn && store.load()), [store])
  const { customer } = store
  const stay = customer?.stay

  return (
    <PageShell className="stay" navBar={<NavBar title={t('stay.title')} back />}>
      <LoadStatus status={store.status} error={store.error} rows={5} onRetry={store.load} />
      {customer && (
        <View className="stay__who">
          <Text className="stay__name">{customer.name}</Text>
          <Text className="stay__room">{t('customer.room', { room: stay?.room ?? customer.room })}</Text>
          {stay && (
            <Text className={`stay__status stay__status--${stay.status}`}>{t(`stay.status.${stay.status}`)}</Text>
          )}
          <Text className="stay__day">{stayDay(stay)}</Text>
          {stay?.overdue && <Tag type="danger">{t('customer.overdue')}</Tag>}
        </View>
      )}
      {customer && !stay && <EmptyState picture="page" description={t('stay.none')} />}
      {stay && (
        <Cell.Group>
          <Cell title={t(`stay.kind.${stay.kind}`)} />
          <Cell title={t('stay.checkInDate')} extra={stay.check_in_date} />
          <Cell title={t('stay.leaveDate')} extra={stay.leave_date} />
          {stay.left_on && <Cell title={t('stay.leftOn')} extra={stay.left_on} />}
          {stay.package_name && <Cell title={t('stay.package')} extra={stay.package_name} />}
        </Cell.Group>
      )}
      {stay?.status === 'in_house' && (
        <Button className="stay__action" type="danger" size="large" block onClick={store.checkOut}>
          {t('customer.checkOut')}
        </Button>
      )}
      {store.canUndoCheckOut && (
        <Button className="stay__undo" type="primary" fill="outline" size="large" block onClick={store.undoCheckOut}>
          {t('stay.undoCheckOut')}
        </Button>
      )}
      {customer && (!stay || stay.status === 'left') && (
        <Button className="stay__readmit" type="primary" size="large" block onClick={store.readmit}>
          {t('stay.readmit')}
        </Button>
      )}
      {stay?.status === 'arriving' && (
        <Button className="stay__action" type="primary" size="large" block onClick={store.checkIn}>
          {t('customer.checkIn')}
        </Button>
      )}
    </PageShell>
  )
})
