import { Text, View } from '@tarojs/components'
import { Button } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import { t, tCount } from '@/i18n'
import { customerStore } from '@/stores'
import { joinNames, stayDay, roomOrLeft } from '@/utils'
import Initial from '../Initial'
import './index.scss'

/**
 * The customer forms are filled in for; tapping it opens the picker, or with `onOpen` tapping
 * her name opens her file while the button still changes her.
 */
export default observer(function CustomerCard({
  onPick,
  onOpen,
}: {
  onPick: () => void
  onOpen?: (id: number) => void
}) {
  const customer = customerStore.customerInfo
  const children = customerStore.childrenData
  return (
    <View className="customer-card" onClick={onPick}>
      <Text className="customer-card__label">{t('home.currentCustomer')}</Text>
      {customer ? (
        <View className="customer-card__body">
          <Initial name={customer.name} />
          <View
            className="customer-card__info"
            onClick={
              onOpen &&
              ((event) => {
                event.stopPropagation()
                onOpen(customer.id)
              })
            }
          >
            <View className="customer-card__line">
              <Text className="customer-card__name">{customer.name}</Text>
              <Text className="customer-card__room">{roomOrLeft(customer)}</Text>
              <Text className="customer-card__meta">{stayDay(customer.stay)}</Text>
            </View>
            <Text className="customer-card__meta">{customer.phone}</Text>
            <Text className="customer-card__meta">
              {tCount('customer.babies', children.length, {
                names: joinNames(
                  children.map((child) => child.id),
                  children,
                ),
              })}
            </Text>
          </View>
          <Button size="small" fill="outline" type="primary">
            {t('home.changeCustomer')}
          </Button>
        </View>
      ) : (
        <View className="customer-card__body">
          <Text className="customer-card__empty">{t('home.noCustomer')}</Text>
          <Button size="small" type="primary">
            {t('home.chooseCustomer')}
          </Button>
        </View>
      )}
    </View>
  )
})
