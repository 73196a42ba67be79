import { StockOrderList } from '@/features/stock'

/** 大礼包出库单列表. */
export default function Page() {
  return <StockOrderList kind="outApplyGift" />
}
