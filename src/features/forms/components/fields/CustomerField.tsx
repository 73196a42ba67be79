import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { t } from '@/i18n'
import type { FieldProps } from './types'
import './CustomerField.scss'

/** customer: the form's customer (the current one), read-only; the value is its id. */
export default observer(function CustomerField({ session }: FieldProps) {
  const customer = session.customer
  if (!customer) return <Text className="form-readonly form-readonly--empty">{t('home.noCustomer')}</Text>
  return (
    <View className="form-readonly">
      <Text className="form-readonly__main">{customer.name}</Text>
      {customer.room && <Text className="form-readonly__note">{t('customer.room', { room: customer.room })}</Text>}
    </View>
  )
})
