import { StockOrderList } from '@/features/stock'

/** 入库单列表. */
export default function Page() {
  return <StockOrderList kind="inbound" />
}
