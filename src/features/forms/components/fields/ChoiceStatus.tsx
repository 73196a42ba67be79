import { Text, View } from '@tarojs/components'
import { Button } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import { t } from '@/i18n'
import './ChoiceStatus.scss'

/** Loading, failed (with retry) or empty: what a list of choices shows instead of itself. */
export default observer(function ChoiceStatus({
  loading,
  error,
  empty,
  onRetry,
}: {
  loading: boolean
  error: string
  empty: boolean
  onRetry: () => void
}) {
  if (loading) return <Text className="form-choices__status">{t('common.loading')}</Text>
  if (error) {
    return (
      <View className="form-choices__status">
        <Text className="form-choices__error">{t('formUi.choicesFailed')}</Text>
        <Button size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </View>
    )
  }
  if (empty) return <Text className="form-choices__status">{t('formUi.noChoices')}</Text>
  return null
})
