// The care forms as both end-to-end suites fill them (H5 in Chromium, test/e2e; the mini program
// in the simulator, test/weapp): record name, home entry, title, route, the demo room of the
// customer it is filled for, and the required fields in the order the form draws them, with the
// values typed. A check-in notice chooses the customer's own room on the form. `prefilled`: a new
// record starts with a value there (the customer's, the staff member's, the working date), which
// the steps type over or confirm; an empty save does not mark it.

/** Where the rounds are signed in: 100 m north of the first demo site (GCJ-02), as the map answers it. */
const NURSES_STATION = { name: '护理站', address: '阳光月子中心·总店 3楼', latitude: 30.27952, longitude: 120.13078 }

module.exports = {
  pediatricianRounds: {
    name: '儿科医生查房签到表',
    entry: 'entry.pediatricianRounds',
    titleKey: 'form.title.pediatricianRounds',
    route: 'pagesHome/pages/form/Pediatricianrounds/form',
    room: '811',
    fields: [
      { key: 'round_date', type: 'date', prefilled: true },
      { key: 'baby_id', type: 'baby' },
      { key: 'signin_location', type: 'location', value: NURSES_STATION },
      { key: 'temperature', type: 'number', value: 36.6 },
      { key: 'umbilicus', type: 'select' },
      { key: 'skin', type: 'select' },
      { key: 'feeding', type: 'select' },
      { key: 'doctor_signature', type: 'signature' },
      { key: 'family_signature', type: 'signature' },
    ],
  },
  obstetricianRounds: {
    name: '产科医生查房签到表',
    entry: 'entry.obstetricianRounds',
    titleKey: 'form.title.obstetricianRounds',
    route: 'pagesHome/pages/form/Obstetricianrounds/form',
    room: '812',
    fields: [
      { key: 'round_date', type: 'date', prefilled: true },
      { key: 'delivery_mode', type: 'select' },
      { key: 'signin_location', type: 'location', value: NURSES_STATION },
      { key: 'temperature', type: 'number', value: 36.8 },
      { key: 'doctor_signature', type: 'signature' },
      { key: 'customer_signature', type: 'signature' },
    ],
  },
  proofOfLostReceipt: {
    name: '收据遗失证明',
    entry: 'entry.lostReceipt',
    titleKey: 'form.title.proofOfLostReceipt',
    route: 'pagesHome/pages/form/ProofofLostReceipt/form',
    room: '813',
    fields: [
      { key: 'customer_name', type: 'text', value: '王丽娟', prefilled: true },
      { key: 'id_card', type: 'idCard', value: '11010519491231002X' },
      { key: 'phone', type: 'phone', value: '13812345678', prefilled: true },
      { key: 'receipt_no', type: 'text', value: 'SJ-TEST-001' },
      { key: 'amount', type: 'money', value: 1200.5 },
      { key: 'issue_date', type: 'date' },
      { key: 'paid_for', type: 'text', value: '月子套餐尾款' },
      { key: 'how_lost', type: 'textarea', value: '外出时遗失' },
      { key: 'customer_signature', type: 'signature' },
      { key: 'handler', type: 'text', value: '客服小李', prefilled: true },
      { key: 'sign_date', type: 'date', prefilled: true },
    ],
  },
  visit: {
    name: '访客出入登记表',
    entry: 'entry.visit',
    titleKey: 'form.title.visit',
    route: 'pagesHome/pages/form/visit/form',
    room: '814',
    fields: [
      { key: 'visitor_name', type: 'text', value: '张访客' },
      { key: 'phone', type: 'phone', value: '13812345678' },
      { key: 'relation', type: 'select' },
      { key: 'visitors', type: 'number', value: 2 },
      { key: 'temperature', type: 'number', value: 36.6 },
      { key: 'health', type: 'multiselect' },
      { key: 'time_in', type: 'datetime' },
      { key: 'visitor_signature', type: 'signature' },
    ],
  },
  familyFood: {
    name: '家属订餐登记表',
    entry: 'entry.familyFood',
    titleKey: 'form.title.familyFood',
    route: 'pagesHome/pages/form/familyFood/form',
    room: '815',
    fields: [
      { key: 'meal_date', type: 'date', prefilled: true },
      { key: 'unit_price', type: 'money', value: 38 },
      { key: 'family_signature', type: 'signature' },
    ],
  },
  checkInNoticeMonth: {
    name: '月子入住通知单',
    entry: 'entry.checkInNoticeMonth',
    titleKey: 'form.title.checkInNoticeMonth',
    route: 'pagesHome/pages/form/checkInNotice/yz/form',
    onePerCustomer: true,
    room: '816',
    fields: [
      { key: 'customer_name', type: 'text', value: '李月子', prefilled: true },
      { key: 'phone', type: 'phone', value: '13812345678', prefilled: true },
      { key: 'package', type: 'text', value: '28天尊享套餐' },
      { key: 'room', type: 'room', value: '816', prefilled: true },
      { key: 'check_in_date', type: 'date' },
      { key: 'days', type: 'number', value: 28 },
      { key: 'departments', type: 'multiselect' },
    ],
  },
  checkInNoticeSmall: {
    name: '小月子入住通知单',
    entry: 'entry.checkInNoticeSmall',
    titleKey: 'form.title.checkInNoticeSmall',
    route: 'pagesHome/pages/form/checkInNotice/yzSmall/form',
    onePerCustomer: true,
    room: '817',
    fields: [
      { key: 'customer_name', type: 'text', value: '赵小月', prefilled: true },
      { key: 'phone', type: 'phone', value: '13912345678', prefilled: true },
      { key: 'procedure_date', type: 'date' },
      { key: 'room', type: 'room', value: '817', prefilled: true },
      { key: 'check_in_date', type: 'date' },
      { key: 'days', type: 'number', value: 7 },
      { key: 'package', type: 'text', value: '7天小月子套餐' },
      { key: 'departments', type: 'multiselect' },
    ],
  },
}
