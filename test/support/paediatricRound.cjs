// A paediatric round of one baby as saveForm takes it, with every required field: both end-to-end
// suites save twins' rounds this way to see their history tell the babies apart. Its signatures
// name no stored file unless `signatures` gives uploaded ones (a page that shows the round needs them). And the fields a
// person fills on one round for twins, in both suites.
const FORMS = require('./careForms.cjs')

module.exports = (customerId, babyId, roundDate, signatures = {}) => ({
  name: '儿科医生查房签到表',
  customer_id: customerId,
  data: {
    round_date: roundDate,
    doctor_name: '林慧敏',
    customer_id: customerId,
    baby_id: babyId,
    signin_location: FORMS.pediatricianRounds.fields.find((field) => field.key === 'signin_location').value,
    temperature: 36.6,
    umbilicus: 'dry',
    skin: 'normal',
    feeding: 'breast',
    doctor_signature: signatures.doctor ?? '/uploads/doctor.png',
    family_signature: signatures.family ?? '/uploads/family.png',
  },
})

/**
 * The fields of one round for twins as a person fills them: her first baby starts chosen, and the
 * twin's examination (her temperature `twinTemperature`) is typed in the twin's own section.
 */
module.exports.twinsFields = (twinTemperature) => [
  ...FORMS.pediatricianRounds.fields.filter((field) => field.key !== 'baby_id'),
  { key: 'babies.0.temperature', type: 'number', value: twinTemperature },
  ...['umbilicus', 'skin', 'feeding'].map((key) => ({ key: `babies.0.${key}`, type: 'select' })),
]
