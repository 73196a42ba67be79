import { GiftReceiptForm } from '@/components/stock/forms'

/** 礼包领取明细表. */
export default function Page() {
  return <GiftReceiptForm />
}
