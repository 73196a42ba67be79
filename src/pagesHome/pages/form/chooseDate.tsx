import { useRef, useState } from 'react'
import { Text, View } from '@tarojs/components'
import { Button, CalendarCard } from '@nutui/nutui-react-taro'
// Types from the component's own module: babel-plugin-import rewrites imports of the package root.
import type { CalendarCardRef, CalendarCardValue } from '@nutui/nutui-react-taro/dist/es/packages/calendarcard'
import dayjs from 'dayjs'
import { observer } from 'mobx-react-lite'
import NavBar from '@/components/NavBar'
import PageShell from '@/components/PageShell'
import { useLoginGuard } from '@/hooks/useLoginGuard'
import { usePageTitle } from '@/hooks/usePageTitle'
import { t } from '@/i18n'
import { goBackOrHome } from '@/utils/navigation'
import { workingDateStore } from '@/stores'
import { centreClock } from '@/stores/centreClock'
import './chooseDate.scss'

const DATE_FORMAT = 'YYYY-MM-DD'

/** Chooses the working date the forms and the home counts are for. */
export default observer(function ChooseDate() {
  const [date, setDate] = useState(workingDateStore.today)
  const calendar = useRef<CalendarCardRef>(null)
  usePageTitle('chooseDate.title')
  useLoginGuard()

  const choose = (value: CalendarCardValue) => {
    if (value instanceof Date) setDate(dayjs(value).format(DATE_FORMAT))
  }

  const chooseToday = () => {
    const today = centreClock.today()
    setDate(today)
    const [year, month] = today.split('-').map(Number)
    calendar.current?.jumpTo(year, month)
  }

  const confirm = () => {
    workingDateStore.setToday(date)
    goBackOrHome()
  }

  return (
    <PageShell className="choose-date" navBar={<NavBar title={t('chooseDate.title')} back />}>
      <View className="choose-date__calendar">
        <CalendarCard ref={calendar} value={dayjs(date).toDate()} onChange={choose} />
      </View>
      <View className="choose-date__bar">
        <Text className="choose-date__selected">{t('chooseDate.selected', { date })}</Text>
        <Button
          size="small"
          fill="outline"
          type="primary"
          disabled={date === centreClock.today()}
          onClick={chooseToday}
        >
          {t('chooseDate.today')}
        </Button>
      </View>
      <View className="choose-date__actions">
        <Button type="primary" block onClick={confirm}>
          {t('common.confirm')}
        </Button>
      </View>
    </PageShell>
  )
})
