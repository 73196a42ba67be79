// Not NutUI's SearchBar: it draws a plain Taro input, not the NutUI Input every other field uses (named, clearable, `.nut-input-native` on both targets).
import { type ReactNode, useEffect, useState } from 'react'
import { Text, View } from '@tarojs/components'
import { Button, DatePicker, Input } from '@nutui/nutui-react-taro'
import { Search } from '@nutui/icons-react-taro'
import dayjs from 'dayjs'
import { t } from '@/i18n'
import { workingDateStore } from '@/stores'
import { popupPortal } from '../popupPortal'
import { observer } from 'mobx-react-lite'

/** Wait for a pause in typing before searching (ms). */
const SEARCH_DELAY = 300

interface Props {
  /** The list page's block class: these use `<block>__search`, `__row`, `__date` (RecordList/page.scss). */
  block: string
  placeholder: string
  /** The chosen day (YYYY-MM-DD), or '' for every day. */
  date: string
  /** What the date button says for the chosen day. */
  dateLabel: string
  onKeyword: (keyword: string) => void
  onDate: (date: string) => void
  /** More in the date row (a "new" button). */
  children?: ReactNode
}

/** A record list's search box and day filter (the working date, any day, or every day). */
export default observer(function ListFilters({
  block,
  placeholder,
  date,
  dateLabel,
  onKeyword,
  onDate,
  children,
}: Props) {
  const [typed, setTyped] = useState('')
  const [pickingDate, setPickingDate] = useState(false)

  useEffect(() => {
    const timer = setTimeout(() => onKeyword(typed.trim()), SEARCH_DELAY)
    return () => clearTimeout(timer)
    // Only typing starts a search; the callback may be a new function on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed])

  return (
    <>
      <View className={`${block}__search`}>
        <Search size={16} color="#8a8f99" />
        <Input
          className={`${block}__keyword`}
          name="keyword"
          value={typed}
          placeholder={placeholder}
          clearable
          confirmType="search"
          onChange={setTyped}
        />
      </View>
      <View className={`${block}__row`}>
        <View className={`${block}__date`} onClick={() => setPickingDate(true)}>
          <Text>{date ? dateLabel : t('recordList.allDates')}</Text>
        </View>
        {date ? (
          <Button size="small" fill="none" onClick={() => onDate('')}>
            {t('recordList.allDates')}
          </Button>
        ) : (
          <Button size="small" fill="none" onClick={() => onDate(workingDateStore.today)}>
            {t('recordList.workingDate')}
          </Button>
        )}
        {children}
      </View>
      {pickingDate && (
        <DatePicker
          visible
          type="date"
          title={t('recordList.chooseDate')}
          value={dayjs(date || workingDateStore.today).toDate()}
          startDate={dayjs().subtract(5, 'year').startOf('year').toDate()}
          endDate={dayjs().add(1, 'year').endOf('year').toDate()}
          pickerProps={{ popupProps: { portal: popupPortal } } as never}
          onConfirm={(_options, [y, m, d]) =>
            onDate(`${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`)
          }
          onClose={() => setPickingDate(false)}
        />
      )}
    </>
  )
})
