import { StaffEdit } from '@/features/admin'

/** 新增员工 / 编辑员工: one staff account. */
export default function Page() {
  return <StaffEdit />
}
