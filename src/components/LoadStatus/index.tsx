import { View } from '@tarojs/components'
import { Button, Skeleton } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import EmptyState from '@/components/EmptyState'
import { t } from '@/i18n'

/** A page's loading skeleton, or why it failed to load with a retry; nothing once it has loaded. */
export default observer(function LoadStatus({
  status,
  error,
  rows,
  onRetry,
}: {
  status: string
  error: string
  /** Skeleton lines while loading. */
  rows: number
  onRetry: () => void
}) {
  if (status === 'loading') return <Skeleton rows={rows} animated />
  if (status !== 'error') return null
  return (
    <View className="load-status" role="alert">
      <EmptyState picture="page" description={error} />
      <Button className="load-status__retry" type="primary" fill="outline" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </View>
  )
})
