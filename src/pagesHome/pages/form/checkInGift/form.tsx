import { OutApplyGiftForm } from '@/features/stock/components/StockForms'

/** 入住礼包出库. */
export default function Page() {
  return <OutApplyGiftForm />
}
