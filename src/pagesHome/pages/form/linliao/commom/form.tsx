import { OutApplyGeneralForm } from '@/features/stock'

/** 出库单. */
export default function Page() {
  return <OutApplyGeneralForm />
}
