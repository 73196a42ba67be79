import { AdminHome } from '@/features/admin'

/** 门店管理: the way into the administration pages. */
export default function Page() {
  return <AdminHome />
}
