import { OutApplyGiftForm } from '@/components/stock/forms'

/** 入住礼包出库. */
export default function Page() {
  return <OutApplyGiftForm />
}
