import { SpecialCareForm } from '@/features/stock'

/** 自费物品消费表. */
export default function Page() {
  return <SpecialCareForm />
}
