import { View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { Button } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import EmptyState from '@/components/EmptyState'
import PageShell from '@/components/PageShell'
import { usePageTitle } from '@/hooks/usePageTitle'
import { t } from '@/i18n'
import { HOME_PAGE } from '@/routes'
import { goBackOrHome, goHome } from '@/utils/navigation'
import './index.scss'

function refresh() {
  if (process.env.TARO_ENV === 'h5') {
    window.location.reload()
    return
  }
  const current = Taro.getCurrentPages().slice(-1)[0]
  Taro.reLaunch({ url: current ? `/${current.route}` : HOME_PAGE })
}

/** Where unknown pages end up. */
export default observer(function NotFound() {
  usePageTitle('notFound.title')
  return (
    <PageShell className="not-found">
      <EmptyState picture="page" size="large" title={t('notFound.title')} description={t('notFound.message')} />
      <View className="not-found__actions">
        <Button type="primary" block onClick={refresh}>
          {t('notFound.refresh')}
        </Button>
        <Button type="primary" fill="outline" block onClick={goHome}>
          {t('notFound.home')}
        </Button>
        <Button block onClick={goBackOrHome}>
          {t('notFound.back')}
        </Button>
      </View>
    </PageShell>
  )
})
