import { useEffect, useState } from 'react'
import { Text, View } from '@tarojs/components'
import { Button } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import NavBar from '@/components/NavBar'
import PageShell from '@/components/PageShell'
import { FormRenderer } from '@/features/forms'
import { useLoginGuard } from '@/hooks/useLoginGuard'
import { usePageTitle } from '@/hooks/usePageTitle'
import { t, type MessageKey } from '@/i18n'
import { customerStore, sessionStore } from '@/stores'
import '../../locales'
import { AdmissionStore } from '../../stores/admission'
import SaveButton from '../SaveButton'
import './index.scss'

/**
 * 新建客户: the admission form drawn by the form engine; a duplicate offers the mother already here.
 * `room`: the free room she is admitted into, from the room board; `readmit`: the mother who left, admitted again.
 */
export default observer(function Admission({ room, readmit }: { room?: string; readmit?: number }) {
  const [store] = useState(() => new AdmissionStore(customerStore.select))
  const { session, duplicate } = store
  usePageTitle('form.title.admission' as MessageKey)
  useLoginGuard()
  // Without a session the login guard takes over.
  useEffect(() => void (sessionStore.isLoggedIn && store.enter(room, readmit)), [store, room, readmit])
  useEffect(() => session.dispose, [session])

  return (
    <PageShell className="admission" navBar={<NavBar title={t('form.title.admission')} back />}>
      {store.readmitting && (
        <Text className="admission__readmit">{t('admission.readmitTitle', { name: store.readmitting.name })}</Text>
      )}
      <FormRenderer definition={session.definition} session={session} />
      {duplicate && (
        <View className="admission__duplicate" role="alert">
          <Text className="admission__duplicate-who">
            {t(`admission.duplicate.${duplicate.field}${duplicate.left ? 'Left' : ''}`, {
              name: duplicate.name,
              room: duplicate.room,
            })}
          </Text>
          <Text className="admission__duplicate-hint">{t('admission.duplicate.hint')}</Text>
          {duplicate.left && (
            <Button className="admission__readmit-her" type="primary" onClick={store.readmitDuplicate}>
              {t('admission.readmitHer', { name: duplicate.name })}
            </Button>
          )}
          <Button type="primary" fill="outline" onClick={store.chooseDuplicate}>
            {t('admission.chooseHer', { name: duplicate.name })}
          </Button>
        </View>
      )}
      <SaveButton session={session} onSave={store.save} />
    </PageShell>
  )
})
