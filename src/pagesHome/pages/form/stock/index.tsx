import { StockLevels } from '@/features/stock'

/** 库存. */
export default function Page() {
  return <StockLevels />
}
