import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { t } from '@/i18n'
import { deskDayStore, type DeskBadge } from '../../stores/deskDay'
import './index.scss'

const MINUTES_IN_HOUR = 60

/** How long the longest visitor has been inside, in whole hours from the first hour on. */
const longest = (minutes: number) =>
  minutes < MINUTES_IN_HOUR
    ? t('deskDay.minutes', { n: minutes })
    : t('deskDay.hours', { n: Math.floor(minutes / MINUTES_IN_HOUR) })

/** Home's first card: today's work at the site, each badge saying what it counts and opening the list behind it. */
export default observer(function DeskDay() {
  const { day, waiting } = deskDayStore
  if (!day) return null
  const minutes = day.longest_inside_minutes
  const badges: [DeskBadge, string, number][] = [
    ['arrivals', t('deskDay.arrivals', { n: day.arrivals }), day.arrivals],
    ['departures', t('deskDay.departures', { n: day.departures }), day.departures],
    ['booked', t('deskDay.booked', { n: day.booked }), day.booked],
    [
      'visitors',
      minutes === null
        ? t('deskDay.visitors', { n: day.visitors_inside })
        : t('deskDay.visitorsLongest', { n: day.visitors_inside, time: longest(minutes) }),
      day.visitors_inside,
    ],
    ['noRound', t('deskDay.noRound', { n: day.no_round }), day.no_round],
  ]
  if (waiting !== null) badges.push(['orders', t('deskDay.waiting', { n: waiting }), waiting])
  return (
    <View className="desk-day">
      <Text className="desk-day__title">{t('deskDay.title')}</Text>
      <View className="desk-day__badges">
        {badges.map(([badge, label, n]) => (
          <View
            key={badge}
            className={`desk-day__badge desk-day__badge--${badge}${n ? ' desk-day__badge--due' : ''}`}
            onClick={() => deskDayStore.open(badge)}
          >
            {label}
          </View>
        ))}
      </View>
    </View>
  )
})
