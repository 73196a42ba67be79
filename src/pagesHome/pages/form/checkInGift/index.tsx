import StockOrderList from '@/features/stock/components/StockOrderList'

/** 大礼包出库单列表. */
export default function Page() {
  return <StockOrderList kind="outApplyGift" />
}
