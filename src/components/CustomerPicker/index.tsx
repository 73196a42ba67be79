// Not NutUI's SearchBar: it draws a plain Taro input, not the NutUI Input every other field uses (named, clearable, `.nut-input-native` on both targets).
import { useEffect, useRef, useState } from 'react'
import Taro, { useDidShow } from '@tarojs/taro'
import { ScrollView, Text, View } from '@tarojs/components'
import { Button, Input, Popup } from '@nutui/nutui-react-taro'
import { Check, Search } from '@nutui/icons-react-taro'
import { observer } from 'mobx-react-lite'
import EmptyState from '@/components/EmptyState'
import { t, tCount } from '@/i18n'
import { ADMISSION_PAGE, CUSTOMER_FILE_PAGE, STAY_PAGE } from '@/routes'
import { customerStore } from '@/stores'
import type { Customer, CustomerStatus } from '@/stores/customer'
import { stayDay, roomOrLeft } from '@/utils'
import { popupPortal } from '../popupPortal'
import './index.scss'

/** Wait for a pause in typing before searching (ms). */
const SEARCH_DELAY = 300

/** The picker's filters, in house first (its default). */
const STATUSES: CustomerStatus[] = ['in_house', 'arriving', 'booked', 'left', 'all']

/** What a row offers for her stay: check-out while she is in house, check-in while she is expected. */
const STAY_ACTIONS: Partial<Record<NonNullable<Customer['stay']>['status'], 'checkOut' | 'checkIn'>> = {
  in_house: 'checkOut',
  arriving: 'checkIn',
}

export interface CustomerPickerProps {
  visible: boolean
  /** Closed, with the customer now chosen (none when none was ever chosen). */
  onClose: (customer: Customer | null) => void
}

const Footer = observer(function Footer({ onAdmit }: { onAdmit: () => void }) {
  const { list, total, loading, error, finished } = customerStore
  if (loading) return <Text className="customer-picker__footer">{t('common.loading')}</Text>
  if (error) {
    return (
      <View className="customer-picker__footer">
        <Text className="customer-picker__error">{error}</Text>
        <Button size="small" onClick={customerStore.loadMore}>
          {t('common.retry')}
        </Button>
      </View>
    )
  }
  if (finished && list.length === 0) {
    return (
      <>
        <EmptyState size="small" picture="customers" description={t('customer.none')} />
        <View className="customer-picker__footer">
          <Button size="small" type="primary" onClick={onAdmit}>
            {t('customer.admit')}
          </Button>
        </View>
      </>
    )
  }
  if (finished) return <Text className="customer-picker__footer">{tCount('customer.total', total, { total })}</Text>
  return null
})

/** Finds a customer by name, room or phone and makes them the current customer. */
export default observer(function CustomerPicker({ visible, onClose }: CustomerPickerProps) {
  const [keyword, setKeyword] = useState('')
  const current = customerStore.customerInfo
  const typed = keyword.trim()
  const rows = customerStore.rowsFor(typed)
  // The rows name the keyword they answer once its first page is in (tests wait on it before a tap).
  const answered = customerStore.answers(typed) && !(customerStore.loading && customerStore.page === 0)
  // Hidden while a page opened from it is shown (on H5 the sheet would cover it).
  const [away, setAway] = useState('')
  // Back from a page opened from a row (her details changed, her stay ended): the rows afresh.
  const cameBack = useRef(false)
  useDidShow(() => {
    if (cameBack.current) void customerStore.search(customerStore.keyword)
    cameBack.current = false
    setAway('')
  })

  // Each opening lists the mothers in house with nothing typed: the last filter and search (on any
  // page, by anyone signed in before) belong to another moment.
  useEffect(() => {
    if (!visible) return
    setKeyword('')
    customerStore.startOver()
  }, [visible])

  // A search once typing pauses.
  useEffect(() => {
    if (!visible || typed === customerStore.keyword) return undefined
    const timer = setTimeout(() => customerStore.search(typed), SEARCH_DELAY)
    return () => clearTimeout(timer)
  }, [visible, typed])

  // A customer chosen while 新建客户 is open is the mother admitted (or the one her phone found).
  useEffect(() => {
    if (away === ADMISSION_PAGE) onClose(current)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current])

  const pick = (customer: Customer) => {
    customerStore.select(customer)
    onClose(customer)
  }

  const go = (url: string) => {
    setAway(url)
    Taro.navigateTo({ url })
  }
  /** A row's action: its page opens, and she is not chosen. */
  const goFromRow = (url: string) => (event: { stopPropagation: () => void }) => {
    event.stopPropagation()
    cameBack.current = true
    go(url)
  }

  return (
    <Popup
      className="customer-picker"
      visible={visible && !away}
      position="bottom"
      round
      closeable
      title={t('customer.pickerTitle')}
      portal={popupPortal}
      // Hidden for a page opened from it is not closed: the person comes back to it.
      onClose={() => away || onClose(current)}
    >
      <View className="customer-picker__search">
        <Search size={16} color="#8a8f99" />
        <Input
          className="customer-picker__keyword"
          name="keyword"
          value={keyword}
          placeholder={t('customer.searchPlaceholder')}
          clearable
          confirmType="search"
          onChange={setKeyword}
        />
        <Button
          className="customer-picker__admit"
          size="small"
          type="primary"
          fill="none"
          onClick={() => go(ADMISSION_PAGE)}
        >
          {t('customer.admit')}
        </Button>
      </View>
      <View className="customer-picker__filters">
        {STATUSES.map((status) => (
          <Text
            key={status}
            className={`customer-picker__filter${status === customerStore.status ? ' customer-picker__filter--on' : ''}`}
            onClick={() => customerStore.search(keyword.trim(), status)}
          >
            {t(`customer.status.${status}`)}
          </Text>
        ))}
      </View>
      <ScrollView
        className="customer-picker__list"
        scrollY
        lowerThreshold={80}
        onScrollToLower={customerStore.loadMore}
      >
        <View className="customer-picker__rows" data-keyword={answered ? typed : undefined}>
          {rows.map((customer) => {
            const stay = customer.stay
            const action = stay && STAY_ACTIONS[stay.status]
            return (
              <View key={customer.id} className="customer-picker__row" onClick={() => pick(customer)}>
                <View className="customer-picker__main">
                  <Text className="customer-picker__name">{customer.name}</Text>
                  <Text className="customer-picker__room">{roomOrLeft(customer)}</Text>
                  <Text className="customer-picker__phone">
                    {stay?.status === 'arriving' ? t('customer.booked', { date: stay.check_in_date }) : stayDay(stay)}
                  </Text>
                  {stay && stay.overdue && <Text className="customer-picker__overdue">{t('customer.overdue')}</Text>}
                  {stay && stay.late && <Text className="customer-picker__overdue">{t('customer.late')}</Text>}
                </View>
                <Text className="customer-picker__phone">{customer.phone}</Text>
                {current && customer.id === current.id && <Check size={16} color="#e8627a" />}
                <Text className="customer-picker__link" onClick={goFromRow(`${CUSTOMER_FILE_PAGE}?id=${customer.id}`)}>
                  {t('customerFile.title')}
                </Text>
                <Text className="customer-picker__link" onClick={goFromRow(`${ADMISSION_PAGE}?edit=${customer.id}`)}>
                  {t('customer.edit')}
                </Text>
                {action && (
                  <Text className="customer-picker__link" onClick={goFromRow(`${STAY_PAGE}?id=${customer.id}`)}>
                    {t(`customer.${action}`)}
                  </Text>
                )}
              </View>
            )
          })}
        </View>
        <Footer onAdmit={() => go(ADMISSION_PAGE)} />
      </ScrollView>
    </Popup>
  )
})
