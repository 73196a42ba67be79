import StockOrderList from '@/components/stock/StockOrderList'

/** 出库单列表. */
export default function Page() {
  return <StockOrderList kind="outApplyGeneral" />
}
