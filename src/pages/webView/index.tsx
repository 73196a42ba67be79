import { Text, View, WebView } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { Button } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import PageShell from '@/components/PageShell'
import { WEBVIEW_ORIGINS } from '@/config'
import { usePageTitle } from '@/hooks/usePageTitle'
import { t } from '@/i18n'
import { goBackOrHome } from '@/utils/navigation'
import { isAllowedUrl } from './allowList'
import './index.scss'

/** Query values arrive still encoded; a malformed one is kept as it is (and then refused). */
function decoded(value: string) {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/** Opens `?url=…` (encoded) when its origin is allowed; anything else is refused. */
export default observer(function WebViewPage() {
  usePageTitle('webView.title')
  const url = decoded(Taro.getCurrentInstance().router?.params.url ?? '')
  if (isAllowedUrl(url, WEBVIEW_ORIGINS)) return <WebView src={url} />
  return (
    <PageShell className="web-view">
      <View className="web-view__refused" role="alert">
        <Text className="web-view__message">{t('webView.refused')}</Text>
        <Button type="primary" onClick={goBackOrHome}>
          {t('common.back')}
        </Button>
      </View>
    </PageShell>
  )
})
