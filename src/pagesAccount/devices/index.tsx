import PageShell from '@/components/PageShell'
import { DeviceList, devicesStore } from '@/features/devices'
import { useLoginGuard } from '@/hooks/useLoginGuard'
import { usePageTitle } from '@/hooks/usePageTitle'

/** 登录设备: where the account is signed in, and signing the other devices out. */
export default function Devices() {
  usePageTitle('devices.title')
  // Errors are shown by the request layer; the page keeps what it has.
  useLoginGuard(() => devicesStore.load().catch(() => {}))
  return (
    <PageShell className="devices-page">
      <DeviceList />
    </PageShell>
  )
}
