import StockOrderList from '@/components/stock/StockOrderList'

/** 大礼包出库单列表. */
export default function Page() {
  return <StockOrderList kind="outApplyGift" />
}
