import { Text, View } from '@tarojs/components'
import { WarningF } from '@nutui/icons-react-taro'
import { observer } from 'mobx-react-lite'
import { t } from '@/i18n'
import './index.scss'

/** Says so while the device has no network. */
export default observer(function NetworkBanner() {
  return (
    <View className="network-banner" role="alert">
      <WarningF size={14} />
      <Text className="network-banner__text">{t('network.lost')}</Text>
    </View>
  )
})
