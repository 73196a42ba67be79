import { Type } from 'typebox'
import { Envelope, Id } from './common.js'
import { Medicine } from './formRecords.js'

// /api/care/index: the medicines of a round record (儿科 / 产科医生查房签到表).

export const MedicineListBody = Type.Object({ record_id: Id })
export const MedicineList = Envelope(Type.Array(Medicine))

// Unknown: the form's medicine row fields check the values, with the app's messages.
const Value = Type.Optional(Type.Unknown())
export const MedicineSaveBody = Type.Object({
  record_id: Id,
  id: Type.Optional(Id),
  medicine: Value,
  dose: Value,
  route: Value,
  frequency: Value,
  days: Value,
  note: Value,
})
