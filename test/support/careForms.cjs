// The care forms as both end-to-end suites fill them (H5 in Chromium, test/e2e; the mini program
// in the simulator, test/weapp). Record name, title, route and the required fields in the order
// the form draws them come from the form's definition; kept here is only what a person brings to
// each form: the home entry, the demo room of the customer it is filled for and the values typed.
// A check-in notice chooses the customer's own room on the form, and keeps her name and phone as
// prefilled (the server refuses a notice that names another mother). `prefilled`: a new record
// starts with a value there (the customer's, the staff member's, the working date), which the steps
// type over or confirm; an empty save does not mark it.
const { fieldsOf, formDefinitions } = require('@yuezi/contract/forms/index')

/** Where the rounds are signed in: 100 m north of the first demo site (GCJ-02), as the map answers it. */
const NURSES_STATION = { name: '护理站', address: '阳光月子中心·总店 3楼', latitude: 30.27952, longitude: 120.13078 }

/** Per form (its title key's last part): the home entry, the customer's demo room, the values typed. */
const VISITS = {
  pediatricianRounds: {
    entry: 'entry.pediatricianRounds',
    room: '811',
    values: { doctor_name: '林慧敏', signin_location: NURSES_STATION, temperature: 36.6 },
  },
  obstetricianRounds: {
    entry: 'entry.obstetricianRounds',
    room: '812',
    values: { doctor_name: '周雅琴', signin_location: NURSES_STATION, temperature: 36.8 },
  },
  proofOfLostReceipt: {
    entry: 'entry.proofOfLostReceipt',
    room: '813',
    values: {
      customer_name: '王丽娟',
      id_card: '11010519491231002X',
      phone: '13812345678',
      receipt_no: 'SJ-TEST-001',
      amount: 1200.5,
      paid_for: '月子套餐尾款',
      how_lost: '外出时遗失',
      handler: '客服小李',
    },
  },
  visit: {
    entry: 'entry.visit',
    room: '814',
    values: { visitor_name: '张访客', phone: '13812345678', visitors: 2, temperature: 36.6 },
  },
  // A meal order needs at least one meal, though no single count is required; a meal ordered needs its price.
  familyFood: {
    entry: 'entry.familyFood',
    room: '815',
    values: { lunch: 2, lunch_price: 38 },
    alsoTyped: ['lunch', 'lunch_price'],
  },
  checkInNoticeMonth: {
    entry: 'entry.checkInNoticeMonth',
    room: '816',
    values: { days: 28 },
  },
  checkInNoticeSmall: {
    entry: 'entry.checkInNoticeSmall',
    room: '817',
    values: { days: 7 },
  },
}

/** The field types a person types or picks a value for (the rest are tapped, chosen or signed). */
const VALUED = ['text', 'textarea', 'number', 'money', 'phone', 'idCard', 'location', 'room']

/**
 * The required fields (and those `alsoTyped`) as the form draws them, with their values. The customer is chosen before the
 * form opens; a select of the site's rooms is picked from its room tiles.
 */
function requiredFields(definition, { room, values, alsoTyped = [] }) {
  // Her first baby starts chosen only for a mother of twins; the mothers the forms are filled for have one.
  const prefills = (field) => field.initial !== undefined && field.initial !== 'customer.firstTwin'
  return (
    fieldsOf(definition)
      .filter((field) => (field.required || alsoTyped.includes(field.key)) && field.type !== 'customer')
      // A prefilled value given none is kept as the form starts with it.
      .filter((field) => !(prefills(field) && field.initial.startsWith('customer.') && values[field.key] === undefined))
      .map((field) => {
        // A select of the site's rooms is picked from its tiles, another list of the site's from its popup.
        const type =
          field.optionsSource === 'floorList'
            ? 'room'
            : field.type === 'select' && field.optionsSource
              ? 'choice'
              : field.type
        const spec = { key: field.key, type }
        const value = spec.type === 'room' ? room : values[field.key]
        if (VALUED.includes(spec.type) && value === undefined)
          throw new Error(`${definition.name}: no value for ${field.key}`)
        if (value !== undefined) spec.value = value
        if (prefills(field)) spec.prefilled = true
        if (!field.required) spec.optional = true
        return spec
      })
  )
}

module.exports = Object.fromEntries(
  Object.entries(VISITS).map(([key, visit]) => {
    const definition = formDefinitions.find((form) => form.titleKey === `form.title.${key}`)
    const { name, titleKey, route } = definition
    return [
      key,
      {
        name,
        entry: visit.entry,
        titleKey,
        route: route.replace(/^\//, ''),
        room: visit.room,
        fields: requiredFields(definition, visit),
      },
    ]
  }),
)
