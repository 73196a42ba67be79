// Not NutUI's SearchBar: it draws a plain Taro input, not the NutUI Input every other field uses (named, clearable, `.nut-input-native` on both targets).
import { useEffect, useState } from 'react'
import { ScrollView, Text, View } from '@tarojs/components'
import { Button, Input, Popup } from '@nutui/nutui-react-taro'
import { Check, Search } from '@nutui/icons-react-taro'
import { observer } from 'mobx-react-lite'
import EmptyState from '@/components/EmptyState'
import { t, tCount } from '@/i18n'
import { customerStore } from '@/stores'
import type { Customer } from '@/stores/customer'
import { popupPortal } from '../popupPortal'
import './index.scss'

/** Wait for a pause in typing before searching (ms). */
const SEARCH_DELAY = 300

export interface CustomerPickerProps {
  visible: boolean
  onClose: () => void
}

const Footer = observer(function Footer() {
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
    return <EmptyState size="small" picture="customers" description={t('customer.none')} />
  }
  if (finished) return <Text className="customer-picker__footer">{tCount('customer.total', total, { total })}</Text>
  return null
})

/** Finds a customer by name, room or phone and makes them the current customer. */
export default observer(function CustomerPicker({ visible, onClose }: CustomerPickerProps) {
  const [keyword, setKeyword] = useState(customerStore.keyword)

  useEffect(() => {
    if (!visible) return undefined
    const timer = setTimeout(() => customerStore.search(keyword.trim()), SEARCH_DELAY)
    return () => clearTimeout(timer)
  }, [visible, keyword])

  const pick = (customer: Customer) => {
    customerStore.select(customer)
    onClose()
  }

  return (
    <Popup
      className="customer-picker"
      visible={visible}
      position="bottom"
      round
      closeable
      title={t('customer.pickerTitle')}
      portal={popupPortal}
      onClose={onClose}
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
      </View>
      <ScrollView
        className="customer-picker__list"
        scrollY
        lowerThreshold={80}
        onScrollToLower={customerStore.loadMore}
      >
        {customerStore.list.map((customer) => (
          <View key={customer.id} className="customer-picker__row" onClick={() => pick(customer)}>
            <View className="customer-picker__main">
              <Text className="customer-picker__name">{customer.name}</Text>
              <Text className="customer-picker__room">{t('customer.room', { room: customer.room })}</Text>
            </View>
            <Text className="customer-picker__phone">{customer.phone}</Text>
            {customer.id === customerStore.customerInfo?.id && <Check size={16} color="#e8627a" />}
          </View>
        ))}
        <Footer />
      </ScrollView>
    </Popup>
  )
})
