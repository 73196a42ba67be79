import { StockOrderList } from '@/features/stock'

/** 出库单列表. */
export default function Page() {
  return <StockOrderList kind="outApplyGeneral" />
}
