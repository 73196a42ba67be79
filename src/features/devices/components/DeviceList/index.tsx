import { Text, View } from '@tarojs/components'
import { Button, Tag } from '@nutui/nutui-react-taro'
import { observer } from 'mobx-react-lite'
import EmptyState from '@/components/EmptyState'
import { t, type MessageKey } from '@/i18n'
import { centreClock } from '@/stores'
import { confirm, toast } from '@/utils/feedback'
import { devicesStore, type Device } from '../../stores/devices'
import './index.scss'

const CLIENT_KEYS: Record<Device['client'], MessageKey> = {
  weapp: 'devices.client.weapp',
  h5: 'devices.client.h5',
  other: 'devices.client.other',
}

async function signOut(device?: Device) {
  const question = device
    ? t('devices.signOutConfirm', { client: t(CLIENT_KEYS[device.client]) })
    : t('devices.signOutOthersConfirm')
  if (!(await confirm(question, { danger: true }))) return
  try {
    await devicesStore.signOut(device?.id)
    toast(t('devices.signedOut'), { success: true })
  } catch {
    // The request layer has shown why.
  }
}

/** The devices the account is signed in on: which app, where, when; the others can be signed out. */
export default observer(function DeviceList() {
  const { list, others, loading } = devicesStore
  if (!list.length) {
    return loading ? null : <EmptyState picture="page" description={t('devices.empty')} />
  }
  return (
    <View className="devices">
      {list.map((device) => (
        <View key={device.id} className="devices__row">
          <View className="devices__what">
            <View className="devices__client">
              <Text>{t(CLIENT_KEYS[device.client])}</Text>
              {device.current && <Tag type="success">{t('devices.thisDevice')}</Tag>}
            </View>
            <Text className="devices__when">
              {t('devices.when', {
                site: device.site_name,
                signedIn: centreClock.dateTime(device.signed_in_at),
                lastSeen: centreClock.dateTime(device.last_seen_at),
              })}
            </Text>
          </View>
          {!device.current && (
            <Button size="small" fill="outline" type="danger" onClick={() => signOut(device)}>
              {t('devices.signOut')}
            </Button>
          )}
        </View>
      ))}
      {others.length > 0 && (
        <View className="devices__all">
          <Button block type="danger" fill="outline" onClick={() => signOut()}>
            {t('devices.signOutOthers')}
          </Button>
        </View>
      )}
    </View>
  )
})
