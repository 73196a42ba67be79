// The stock order forms on the form engine (features/stock/stores/orderForm.ts says where each
// saves and reads its orders). Imported by the stock pages only (pagesHome).
import { observer } from 'mobx-react-lite'
import { FormPage } from '@/features/forms'
import {
  giftCollection,
  inbound,
  outApplyGeneral,
  outApplyGift,
  specialCare,
} from '@yuezi/contract/forms/definitions/stock'
import { GIFT_COLLECTION, INBOUND, OUT_APPLY_GENERAL, OUT_APPLY_GIFT, SPECIAL_CARE } from '../stores/orderForm'

/** 出库单: a department draws supplies (outApply type general). */
export const OutApplyGeneralForm = observer(function OutApplyGeneralForm() {
  return <FormPage definition={outApplyGeneral} {...OUT_APPLY_GENERAL} />
})

/** 入住礼包出库: a gift pack for the current customer (outApply type gift). */
export const OutApplyGiftForm = observer(function OutApplyGiftForm() {
  return <FormPage definition={outApplyGift} {...OUT_APPLY_GIFT} />
})

/** 自费物品消费表: self-paid items of the current customer (specialCare). */
export const SpecialCareForm = observer(function SpecialCareForm() {
  return <FormPage definition={specialCare} {...SPECIAL_CARE} />
})

/** 礼包领取明细表: what a customer received from a gift pack (a care form record, saveForm). */
export const GiftCollectionForm = observer(function GiftCollectionForm() {
  return <FormPage definition={giftCollection} {...GIFT_COLLECTION} />
})

/** 入库单: goods received from a supplier (inbound). */
export const InboundForm = observer(function InboundForm() {
  return <FormPage definition={inbound} {...INBOUND} />
})
