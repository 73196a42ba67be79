import StockOrderList from '@/features/stock/components/StockOrderList'

/** 资费物品出库单列表. */
export default function Page() {
  return <StockOrderList kind="selfPaid" />
}
