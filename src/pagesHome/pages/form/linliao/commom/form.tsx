import { OutApplyGeneralForm } from '@/components/stock/forms'

/** 出库单. */
export default function Page() {
  return <OutApplyGeneralForm />
}
