import { useEffect, useState } from 'react'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { Button } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import { useLoginGuard } from '@/hooks/useLoginGuard'
import { usePageTitle } from '@/hooks/usePageTitle'
import { t, type MessageKey } from '@/i18n'
import { staffForm } from '@yuezi/contract/forms/definitions/admin'
import '../../locales'
import { StaffEditStore } from '../../stores/staffEdit'
import AdminFormShell from '../AdminFormShell'

/** The account in the page's address (`?id=…`); none for a new one. */
function idParam(): number | undefined {
  const id = Number(Taro.getCurrentInstance().router?.params?.id)
  return Number.isInteger(id) && id > 0 ? id : undefined
}

/** The staff form without the account name once it is made (it cannot change). */
const editForm = {
  ...staffForm,
  sections: staffForm.sections.map((section) => ({
    ...section,
    fields: section.fields.filter((field) => field.key !== 'account'),
  })),
}

/** 新增员工 / 编辑员工: her name, account and sites with rights; disable, enable, reset her password. */
export default observer(function StaffEdit() {
  const [store] = useState(() => new StaffEditStore(idParam()))
  const title = store.isNew ? 'staff.newTitle' : 'staff.editTitle'
  usePageTitle(title as MessageKey)
  useLoginGuard()
  useEffect(() => {
    store.load()
  }, [store])

  const save = async () => {
    if ((await store.save()) && store.isNew) Taro.navigateBack()
  }
  const { member } = store
  return (
    <AdminFormShell
      title={t(title)}
      form={store.form}
      definition={store.isNew ? staffForm : editForm}
      onSave={save}
      before={
        member && (
          <View className="admin-form__who">
            <Text className="admin-form__name">{member.name}</Text>
            <Text className="admin-form__meta">{member.account}</Text>
            {member.disabled && <Text className="admin-form__tag">{t('staff.disabled')}</Text>}
            <Text className="admin-form__meta">{t('staff.accountFixed')}</Text>
          </View>
        )
      }
      after={
        <>
          <Text className="admin-form__hint">{t('staff.defaultHint')}</Text>
          {member && !store.isSelf && (
            <View className="admin-form__actions">
              {member.disabled ? (
                <Button fill="outline" type="primary" onClick={store.enable}>
                  {t('staff.enable')}
                </Button>
              ) : (
                <Button fill="outline" type="danger" onClick={store.disable}>
                  {t('staff.disable')}
                </Button>
              )}
              <Button fill="outline" type="primary" onClick={store.resetPassword}>
                {t('staff.resetPassword')}
              </Button>
            </View>
          )}
        </>
      }
    />
  )
})
