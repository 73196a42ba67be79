import { Text, View } from '@tarojs/components'
import { Button } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import PageShell from '@/components/PageShell'
import { usePageTitle } from '@/hooks/usePageTitle'
import { t } from '@/i18n'
import { checkForUpdate, update, versionText } from '../../updateManager'
import './rt-uni-update.scss'

/** The app-update page: the running version, and the mini program's update check. */
export default observer(function AppUpdate() {
  usePageTitle('update.title')
  return (
    <PageShell className="app-update">
      <View className="app-update__card">
        <Text className="app-update__name">{t('app.name')}</Text>
        <Text className="app-update__label">{t('update.currentVersion')}</Text>
        <Text className="app-update__version">{versionText}</Text>
      </View>
      {process.env.TARO_ENV === 'weapp' ? (
        <View className="app-update__actions">
          <Text className="app-update__note">{t(`update.${update.status}`)}</Text>
          <Button type="primary" block onClick={checkForUpdate}>
            {t('update.check')}
          </Button>
        </View>
      ) : (
        <Text className="app-update__note">{t('update.h5Notice')}</Text>
      )}
    </PageShell>
  )
})
