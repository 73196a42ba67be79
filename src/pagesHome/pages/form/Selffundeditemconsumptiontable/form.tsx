import { SelfPaidForm } from '@/components/stock/forms'

/** 自费物品消费表. */
export default function Page() {
  return <SelfPaidForm />
}
