import { type ReactNode, useState } from 'react'
import { Text, View } from '@tarojs/components'
import { Button, DatePicker } from '@nutui/nutui-react-taro'
import dayjs from 'dayjs'
import { t } from '@/i18n'
import { workingDateStore } from '@/stores'
import { popupPortal } from '../popupPortal'
import { observer } from 'mobx-react-lite'
import SearchBox from './SearchBox'

interface Props {
  /** The list page's block class: these use `<block>__search`, `__row`, `__date` (RecordList/page.scss). */
  block: string
  placeholder: string
  /** The keyword searched for. */
  keyword: string
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
  keyword,
  date,
  dateLabel,
  onKeyword,
  onDate,
  children,
}: Props) {
  const [pickingDate, setPickingDate] = useState(false)

  return (
    <>
      <SearchBox block={block} placeholder={placeholder} keyword={keyword} onKeyword={onKeyword} />
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
