import { GiftCollectionForm } from '@/features/stock'

/** 礼包领取明细表. */
export default function Page() {
  return <GiftCollectionForm />
}
