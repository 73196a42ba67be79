import { useEffect, useState } from 'react'
import { Text, View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import EmptyState from '@/components/EmptyState'
import LoadStatus from '@/components/LoadStatus'
import NavBar from '@/components/NavBar'
import PageShell from '@/components/PageShell'
import { useLoginGuard } from '@/hooks/useLoginGuard'
import { usePageTitle } from '@/hooks/usePageTitle'
import { t, type MessageKey } from '@/i18n'
import { centreClock, sessionStore } from '@/stores'
import { dayOfStay } from '@/utils'
import '../../locales'
import { RoomBoardStore, type BoardRoom } from '../../stores/roomBoard'
import './index.scss'

/** What a tile says besides its room, so that its state never rests on its colour alone. */
function wordsOf({ state, occupant }: BoardRoom, today: string): string {
  if (!occupant) return state === 'free' ? t('roomBoard.freeHint') : t('roomBoard.state.out_of_service')
  if (state === 'arriving') {
    const when =
      occupant.check_in_date <= today
        ? t('roomBoard.arrivingToday')
        : t('roomBoard.booked', { date: occupant.check_in_date.slice(5) })
    return `${occupant.name} · ${when}`
  }
  const words = [occupant.name, t('customer.day', { day: dayOfStay(occupant.day ?? 1), days: occupant.planned_days })]
  if (occupant.leaving_today) words.push(t('roomBoard.leavingToday'))
  if (occupant.overdue) words.push(t('customer.overdue'))
  return words.join(' · ')
}

/**
 * 房态: the site's floors, each room a tile of two lines (its number, then who or what it holds)
 * so that a centre of a few hundred rooms stays within the mini program's node budget.
 */
export default observer(function RoomBoard() {
  const [store] = useState(() => new RoomBoardStore())
  usePageTitle('roomBoard.title' as MessageKey)
  useLoginGuard()
  // Without a session the login guard takes over.
  useEffect(() => void (sessionStore.isLoggedIn && store.load()), [store])
  useDidShow(store.refresh)
  const { board } = store
  const today = centreClock.today()

  return (
    <PageShell className="room-board" navBar={<NavBar title={t('roomBoard.title')} back />}>
      <LoadStatus status={store.status} error={store.error} rows={6} onRetry={store.load} />
      {board && (
        <View className="room-board__legend">
          {Object.entries(board.counts).map(([state, count]) => (
            <Text key={state} className={`room-board__count room-board__count--${state}`}>
              {t('roomBoard.count', { state: t(`roomBoard.state.${state}`), count })}
            </Text>
          ))}
        </View>
      )}
      {board && !board.floors.length && <EmptyState picture="page" description={t('roomBoard.empty')} />}
      {board?.floors.map(({ floor, rooms }) => (
        <View key={floor} className="room-board__floor">
          <Text className="room-board__floor-title">{t('roomBoard.floor', { floor })}</Text>
          <View className="room-board__rooms">
            {rooms.map((room) => (
              <View
                key={room.room}
                className={`room-board__tile room-board__tile--${room.state}${room.occupant?.overdue ? ' room-board__tile--overdue' : ''}`}
                onClick={() => store.open(room)}
              >
                <Text className="room-board__room">{room.room}</Text>
                <Text className="room-board__words">{wordsOf(room, today)}</Text>
              </View>
            ))}
          </View>
        </View>
      ))}
    </PageShell>
  )
})
