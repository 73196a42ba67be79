import StockOrderList from '@/features/stock/components/StockOrderList'

/** 出库单列表. */
export default function Page() {
  return <StockOrderList kind="outApplyGeneral" />
}
