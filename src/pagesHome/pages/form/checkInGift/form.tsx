import { OutApplyGiftForm } from '@/features/stock'

/** 入住礼包出库. */
export default function Page() {
  return <OutApplyGiftForm />
}
