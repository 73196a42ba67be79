import { InboundForm } from '@/features/stock'

/** 入库单. */
export default function Page() {
  return <InboundForm />
}
