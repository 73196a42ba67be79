// The stock order forms on the form engine: each sends its order to outApply/save or
// specialCare/save and reads it back with info. Imported by the stock pages only (pagesHome).
import type { SaveFormBody } from '@/api/form'
import { outApply } from '@/api/outApply'
import { specialCare } from '@/api/specialCare'
import FormPage from '@/components/form/FormPage'
import { giftReceipt, outApplyGeneral, outApplyGift, selfPaidItems } from '@/forms/definitions/stock'
import type { FormSession } from '@/stores/formSession'
import { fillFromGiftType, notPending, orderRecord, stockSetup } from './orderForm'

const request = (body: SaveFormBody) => ({ ...body.data, id: body.id, request_id: body.request_id })

const loadOutApply = async (name: string, id: number) => orderRecord(name, await outApply.info(id))
const loadGeneral = (id: number) => loadOutApply(outApplyGeneral.name, id)
const loadGift = (id: number) => loadOutApply(outApplyGift.name, id)
const sendGeneral = (body: SaveFormBody) => outApply.save({ type: 'general', ...request(body) })
const sendGift = (body: SaveFormBody) => outApply.save({ type: 'gift', ...request(body) })
const removeOutApply = (id: number) => outApply.del(id)

const setupGeneral = (session: FormSession) => stockSetup(session, 'apply_date')
const setupGift = (session: FormSession) => {
  stockSetup(session, 'apply_date')
  return fillFromGiftType(session)
}

/** 出库单: a department draws supplies (outApply type general). */
export function OutApplyGeneralForm() {
  return (
    <FormPage
      definition={outApplyGeneral}
      send={sendGeneral}
      load={loadGeneral}
      remove={removeOutApply}
      setup={setupGeneral}
      readOnly={notPending}
      noRecords
    />
  )
}

/** 入住礼包出库: a gift pack for the current customer (outApply type gift). */
export function OutApplyGiftForm() {
  return (
    <FormPage
      definition={outApplyGift}
      send={sendGift}
      load={loadGift}
      remove={removeOutApply}
      setup={setupGift}
      readOnly={notPending}
      noRecords
    />
  )
}

const loadSelfPaid = async (id: number) => orderRecord(selfPaidItems.name, await specialCare.info(id))
const sendSelfPaid = (body: SaveFormBody) => specialCare.save(request(body))
const removeSelfPaid = (id: number) => specialCare.del(id)
const setupSelfPaid = (session: FormSession) => stockSetup(session, 'consume_date', { room: session.customer?.room ?? undefined })

/** 自费物品消费表: self-paid items of the current customer (specialCare). */
export function SelfPaidForm() {
  return (
    <FormPage
      definition={selfPaidItems}
      send={sendSelfPaid}
      load={loadSelfPaid}
      remove={removeSelfPaid}
      setup={setupSelfPaid}
      readOnly={notPending}
      noRecords
    />
  )
}

const setupReceipt = (session: FormSession) => {
  stockSetup(session, 'receive_date')
  return fillFromGiftType(session)
}

/** 礼包领取明细表: what a customer received from a gift pack (a care form record, saveForm). */
export function GiftReceiptForm() {
  return <FormPage definition={giftReceipt} setup={setupReceipt} />
}
