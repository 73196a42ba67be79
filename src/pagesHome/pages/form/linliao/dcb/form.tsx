import { GiftReceiptForm } from '@/features/stock/components/StockForms'

/** 礼包领取明细表. */
export default function Page() {
  return <GiftReceiptForm />
}
