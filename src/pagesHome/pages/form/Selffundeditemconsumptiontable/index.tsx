import { StockOrderList } from '@/features/stock'

/** 资费物品出库单列表. */
export default function Page() {
  return <StockOrderList kind="specialCare" />
}
