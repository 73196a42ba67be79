import { Admission } from '@/features/customers'

/** 新建客户: admitting a new mother, from the customer picker. */
export default function Page() {
  return <Admission />
}
