import { View } from '@tarojs/components'
import { Button } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import { t } from '@/i18n'

export default observer(function Page() {
  return (
    <View>
      <Button type="primary">{t('app.name')}</Button>
    </View>
  )
})
