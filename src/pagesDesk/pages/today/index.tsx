import Taro from '@tarojs/taro'
import { DeskDayList, type DeskBadge } from '@/features/desk'

const LISTS: DeskBadge[] = ['arrivals', 'departures', 'booked', 'visitors', 'noRound', 'orders']

/** A list behind the desk's day (`?list=`), the arrivals when none is named. */
export default function Page() {
  const asked = Taro.getCurrentInstance().router?.params?.list as DeskBadge
  return <DeskDayList list={LISTS.includes(asked) ? asked : 'arrivals'} />
}
