import { Centre } from '@/features/admin'

/** 门店设置: the centre's settings. */
export default function Page() {
  return <Centre />
}
