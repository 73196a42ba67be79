// Stock orders: outbound orders (outApply: `general` for a department, 出库单; `gift` a gift pack
// for a customer, 入住礼包出库), self-paid item orders of a customer (specialCare, 自费物品消费表)
// and inbound orders (入库单). One engine saves, deletes and checks them all (engine.ts); each
// kind declares what differs (kinds/). Each kind's service has list, read, save, delete, check.

export {
  orderNotFound,
  pageWithMayApprove,
  withMayApprove,
  type CheckBody,
  type Checker,
  type OrderRead,
} from './engine.js'
export { outApply, OUT_APPLY_FORMS, type OutApplyInput } from './kinds/outApply.js'
export { specialCare, type SpecialCareInput } from './kinds/specialCare.js'
export { inbound, type InboundInput } from './kinds/inbound.js'
