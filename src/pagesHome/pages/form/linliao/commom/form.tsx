import { OutApplyGeneralForm } from '@/features/stock/components/StockForms'

/** 出库单. */
export default function Page() {
  return <OutApplyGeneralForm />
}
