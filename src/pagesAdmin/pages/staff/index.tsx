import { StaffList } from '@/features/admin'

/** 员工: the site's staff accounts. */
export default function Page() {
  return <StaffList />
}
