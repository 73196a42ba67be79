// Reply shapes of the API, with the server's field names. Ids are numbers.

export interface UserInfo {
  id: number
  account: string
  name: string
  site_id: number
  site_name: string
  must_change_password: boolean
  /** May approve / reject / reverse stock orders. */
  can_approve: boolean
  /** The site's IANA time zone: the centre's days are counted in it. */
  time_zone: string
  /** That zone's offset from UTC when the info was sent, minutes east (where the device cannot convert zones). */
  utc_offset: number
}

export interface Site {
  id: number
  name: string
}

export interface Child {
  id: number
  name: string
  sex: 'male' | 'female'
  /** YYYY-MM-DD */
  birth_date: string
  /** grams */
  birth_weight: number | null
}

export interface Customer {
  id: number
  name: string
  phone: string
  room: string
  /** YYYY-MM-DD */
  delivery_date: string | null
  children: Child[]
}

export interface Page<T> {
  list: T[]
  total: number
}

export interface HomeSummary {
  /** YYYY-MM-DD */
  date: string
  /** Record count per form or list name. */
  counts: Record<string, number>
}

export interface FormRecord {
  id: number
  name: string
  customer_id: number | null
  data: Record<string, unknown>
  created_at: string
  created_by: number
  updated_at: string
  updated_by: number
  /** The record's customer and room, and who created and last changed it (as the list answers them). */
  customer_name?: string | null
  room?: string | null
  created_by_name?: string
  updated_by_name?: string
}

/** A medicine row of a round record (儿科 / 产科医生查房签到表). */
export interface Medicine {
  id: number
  record_id: number
  medicine: string
  dose: string
  route: string | null
  frequency: string | null
  days: number | null
  note: string | null
  created_at: string
  created_by: number
  updated_at: string
  updated_by: number
}

/** getFormRecordInfo: one record; a round record also with its medicines and their ids. */
export interface FormRecordInfo extends FormRecord {
  medicines?: Medicine[]
}

/** saveForm, answerSave and the orders' save answer the saved id. */
export interface Saved {
  id: number
}

/** A field the server refused (saveForm answers code -1 with `res.errors`). */
export interface ServerFieldError {
  path: string
  message: string
}

/** getFormRecordCount: of one form (`count`) or, without a name, per form (`counts`). */
export type FormRecordCount = { count: number } | { counts: Record<string, number> }

/** The site's current check-in rules (入住须知). */
export interface Survey {
  id: number
  version: number
  title: string
  content: string
}

/** A customer's signed acknowledgement of the check-in rules. */
export interface SurveyAnswer {
  id: number
  survey_id: number
  version: number
  title: string
  customer_id: number
  customer_name: string
  room: string
  data: Record<string, unknown>
  created_at: string
  created_by: number
  created_by_name: string
}

export interface Room {
  room: string
  /** The customer staying in it, or null. */
  customer_id: number | null
}

export interface Floor {
  floor: number
  rooms: Room[]
}

export interface Department {
  id: number
  name: string
}
