import { useEffect, useState } from 'react'
import { Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useLoginGuard } from '@/hooks/useLoginGuard'
import { usePageTitle } from '@/hooks/usePageTitle'
import { t, type MessageKey } from '@/i18n'
import { centreForm } from '@yuezi/contract/forms/definitions/admin'
import '../../locales'
import { CentreStore } from '../../stores/centre'
import AdminFormShell from '../AdminFormShell'

/** 门店设置: the centre's name, clock, place, visiting hours, check-in rules and order and upload rules. */
export default observer(function Centre() {
  const [store] = useState(() => new CentreStore())
  usePageTitle('centre.title' as MessageKey)
  useLoginGuard()
  useEffect(() => {
    store.load()
  }, [store])

  return (
    <AdminFormShell
      title={t('centre.title')}
      form={store.form}
      definition={centreForm}
      onSave={store.save}
      before={<Text className="admin-form__hint">{t('centre.hint')}</Text>}
    />
  )
})
