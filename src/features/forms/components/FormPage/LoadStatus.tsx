import { Text, View } from '@tarojs/components'
import { Button, Skeleton } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import { t } from '@/i18n'

/** A form page's loading skeleton, or why it failed to load with a retry; nothing once ready. */
export default observer(function LoadStatus({
  status,
  error,
  rows,
  onRetry,
}: {
  status: 'loading' | 'ready' | 'error'
  error: string
  /** Skeleton lines while loading. */
  rows: number
  onRetry: () => void
}) {
  if (status === 'loading') {
    return (
      <View className="form-page__loading">
        <Skeleton rows={rows} animated />
      </View>
    )
  }
  if (status === 'error') {
    return (
      <View className="form-page__error" role="alert">
        <Text>{t('formUi.loadFailed', { message: error })}</Text>
        <Button type="primary" fill="outline" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </View>
    )
  }
  return null
})
