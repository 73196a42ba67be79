import { CustomerFile } from '@/features/customers'

/** 客户档案: one mother's stay, babies, sums owed and everything recorded about her (`?id=`). */
export default function Page() {
  return <CustomerFile />
}
