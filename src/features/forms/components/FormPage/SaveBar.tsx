import type { ReactNode } from 'react'
import { View } from '@tarojs/components'
import { Button } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import { t } from '@/i18n'
import './index.scss'

/** The sticky bar at the bottom of a form: Save (once the form is ready), after any other button. */
export default observer(function SaveBar({
  ready,
  saving,
  onSave,
  children,
}: {
  ready: boolean
  saving?: boolean
  onSave: () => void
  /** Buttons before Save (Delete). */
  children?: ReactNode
}) {
  return (
    <View className="form-page__bar">
      {children}
      <Button
        className="form-page__save"
        size="large"
        type="primary"
        block
        disabled={!ready}
        loading={saving}
        onClick={onSave}
      >
        {t('common.save')}
      </Button>
    </View>
  )
})
