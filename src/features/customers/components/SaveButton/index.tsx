import { Button } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import { t } from '@/i18n'
import type { FormSession } from '@/features/forms'

/** 保存 under a mother's form (her admission, her details), busy while it saves. */
export default observer(function SaveButton({ session, onSave }: { session: FormSession; onSave: () => void }) {
  return (
    <Button className="admission__save" type="primary" size="large" block loading={session.saving} onClick={onSave}>
      {t('common.save')}
    </Button>
  )
})
