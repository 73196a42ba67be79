import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import { Button, Cell } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import EmptyState from '@/components/EmptyState'
import LoadStatus from '@/components/LoadStatus'
import NavBar from '@/components/NavBar'
import PageShell from '@/components/PageShell'
import { useListPage } from '@/hooks/useListPage'
import { usePageTitle } from '@/hooks/usePageTitle'
import { t } from '@/i18n'
import { customerStore } from '@/stores'
import '../../locales'
import type { DeskBadge } from '../../stores/deskDay'
import { DeskDayListStore, ORDER_LISTS, type RoundForm } from '../../stores/deskDayList'
import './index.scss'

/** The rounds a mother without one today may have, each with its button's words. */
const ROUNDS: [RoundForm, string][] = [
  ['obstetricianRounds', 'deskDay.obstetricRound'],
  ['pediatricianRounds', 'deskDay.paediatricRound'],
]

/** The list behind a badge of the desk's day (`list`): each row opens what the desk does next with it. */
export default observer(function DeskDayList({ list }: { list: DeskBadge }) {
  const [store] = useState(() => new DeskDayListStore(list, customerStore.select))
  usePageTitle('deskDay.title')
  useListPage({ refresh: store.load, loadMore: () => {} })
  const title = t(`deskDay.list.${list}`)
  const rows =
    list === 'orders' ? store.waiting.length : list === 'visitors' ? store.visits.length : store.customers.length

  return (
    <PageShell className="desk-list" navBar={<NavBar title={t('deskDay.title')} back />}>
      <Text className="desk-list__title">{title}</Text>
      <LoadStatus status={store.status} error={store.error} rows={4} onRetry={store.load} />
      {store.status === 'ready' && rows === 0 && <EmptyState picture="records" description={t('deskDay.none')} />}
      <Cell.Group>
        {list === 'orders' &&
          store.waiting.map(([kind, n]) => (
            <Cell
              key={kind}
              title={t(`entry.${ORDER_LISTS[kind]}`)}
              extra={t('deskDay.waiting', { n })}
              clickable
              onClick={() => store.openOrders(kind)}
            />
          ))}
        {list === 'visitors' &&
          store.visits.map((visit) => (
            <Cell
              key={visit.id}
              title={visit.visitor_name}
              description={t('deskDay.visiting', {
                name: visit.customer_name ?? t('common.dash'),
                room: visit.room ?? t('common.dash'),
              })}
              extra={t('deskDay.since', { time: visit.time_in.slice(11) })}
              clickable
              onClick={() => store.openVisit(visit)}
            />
          ))}
        {list !== 'orders' &&
          store.customers.map((customer) => (
            <Cell
              key={customer.customer_id}
              className="desk-list__customer"
              title={`${customer.room} ${customer.name}`}
              description={t('deskDay.stay', { from: customer.check_in_date, to: customer.leave_date })}
              clickable
              onClick={() => store.openCustomer(customer)}
              extra={
                // A mother without a round keeps her round buttons, overdue or not.
                list !== 'noRound' && (customer.late || customer.overdue) ? (
                  <Text className="desk-list__flag">{t(customer.late ? 'customer.late' : 'customer.overdue')}</Text>
                ) : list === 'noRound' ? (
                  <View className="desk-list__rounds">
                    {ROUNDS.map(([form, labelKey]) => (
                      <Button
                        key={form}
                        size="small"
                        type="primary"
                        onClick={(event) => {
                          event.stopPropagation()
                          store.openRound(customer, form)
                        }}
                      >
                        {t(labelKey)}
                      </Button>
                    ))}
                  </View>
                ) : undefined
              }
            />
          ))}
      </Cell.Group>
    </PageShell>
  )
})
