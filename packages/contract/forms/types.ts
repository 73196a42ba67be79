// Form definitions are plain data shared by the app (renderer, validation) and
// the server (saveForm validation). No Taro or server imports here.

import type { SiteLocation } from './location.js'

export type FieldType =
  | 'text'
  | 'textarea'
  | 'number'
  | 'money'
  | 'date'
  | 'datetime'
  | 'select'
  | 'multiselect'
  | 'customer'
  | 'baby'
  | 'phone'
  | 'idCard'
  | 'signature'
  | 'images'
  | 'rows'
  | 'computed'
  /** A place picked on a map; the server adds its distance from the site and whether it is past the radius. */
  | 'location'

/** A static option: the stored value and the locale key of its label. */
export interface Option {
  value: string
  labelKey: string
}

/**
 * API lists that options can come from (the app loads them; the server checks ids are its site's).
 * `getProductBatch` is the batches of the row's `product_id` (inoutstore/getProductBatch): a batch
 * field sits in the same row as its product.
 */
export type OptionsSource =
  | 'departmentList'
  | 'giftTypeList'
  | 'productList'
  | 'productPackageList'
  /** The stay packages (套餐) a mother books; choosing one fills the stay's days. */
  | 'stayPackageList'
  | 'floorList'
  | 'getProductBatch'
  /** The sites the signed-in manager administers (admin/staff/sites): whom she may give them to. */
  | 'adminSiteList'
  /** The products sold to customers as self-paid items (productList with self_paid). */
  | 'selfPaidProductList'

/** Each of the centre's ranges (forms/ranges.ts) a field can name; the visitor's two (gates) may stop a save, the others only mark. */
export const RANGE_RULES = [
  'visitorFever',
  'visitingHours',
  'customerFever',
  'systolic',
  'diastolic',
  'babyTemperature',
  'jaundice',
  'weightLoss',
  'otherRoom',
] as const
export type RangeRule = (typeof RANGE_RULES)[number]

export type FormData = Record<string, unknown>

/** What computed fields may read besides the form's own values. */
export interface ComputeContext {
  /** The working date (YYYY-MM-DD). */
  today: string
  customer?: { delivery_date?: string | null } | null
  children?: { id: number; birth_date?: string | null }[]
  /** Where the site is: a location field's distance is counted from it. */
  site?: SiteLocation | null
}

/**
 * Where a new record's field takes its first value from: the form's customer (her name, phone,
 * room, delivery date, babies as rows), the signed-in staff member's name, or the working date.
 * The value stays editable; a record or a draft opened keeps its own values.
 */
export type InitialValue =
  | 'customer.name'
  | 'customer.phone'
  | 'customer.room'
  | 'customer.delivery_date'
  | 'customer.babies'
  /** Her first baby's id when she has more than one (twins' rounds); a single baby is still chosen by a tap. */
  | 'customer.firstTwin'
  /** A row naming each of her babies after the first (`baby_id`): twins' rounds. */
  | 'customer.otherBabies'
  | 'staff.name'
  /** The value in the site's latest record of the form: the doctor who did the last round does most. */
  | 'site.latest'
  | 'workingDate'

export interface Field {
  key: string
  type: FieldType
  /** Locale key of the label; defaults to `form.field.<key>`. */
  labelKey?: string
  required?: boolean
  /** Required once the count of this key is above zero: a meal's price once that meal is ordered. */
  requiredWith?: string
  /** number / money: inclusive range. */
  min?: number
  max?: number
  /** number: digits allowed after the point (0 = whole numbers). */
  decimals?: number
  /** Unit shown after the value (a locale key), e.g. °C or g. */
  unitKey?: string
  /** text / textarea: longest accepted text. */
  maxLength?: number
  options?: Option[]
  optionsSource?: OptionsSource
  /** images / rows: most items accepted. */
  maxItems?: number
  minItems?: number
  /** rows: the fields of one row; a row's computed field reads its row over the form's values. */
  rows?: Field[]
  /**
   * rows: one row for each of her babies after the one the record names (twins), each drawn and
   * printed as a section of its own; no baby may be named twice, and without such babies nothing shows.
   */
  perBaby?: boolean
  /**
   * select of floorList: the room her stay holds, which the server refuses while another mother is
   * in it or booked for it; such rooms are shown with whose they are, and not offered.
   */
  booksRoom?: boolean
  /** A new record starts with this value (see InitialValue). */
  initial?: InitialValue
  /** Filled in by a choice elsewhere on the form (a product's price), shown but not typed. */
  readOnly?: boolean
  /**
   * date / datetime: may be after the centre's today, for a form that plans ahead (a meal order, a
   * check-in, a due or expiry date); any other date records what happened and is refused after today.
   */
  future?: boolean
  /** computed: derives the value from the others; read-only in the app and recomputed by the server. */
  compute?: (data: FormData, ctx: ComputeContext) => string | number | null
  /** The centre's range the value is checked against (forms/ranges.ts): out of it, the value is marked. */
  range?: RangeRule
  /** Why a visit outside the centre's rules is let in: shown, and required, only when one is. */
  flagReason?: boolean
  /** multiselect: options that exclude each other: an option and those it may not be chosen with (无发热, 发热). */
  excludes?: Record<string, string[]>
  /** multiselect: an option that a reading of another field contradicts (无发热 with a temperature at or above the fever line). */
  contradictedBy?: { option: string; field: string; atLeast: number }[]
}

export interface Section {
  titleKey: string
  fields: Field[]
  /**
   * The baby field naming the baby this section examines (a round's first baby): on a twins' round
   * the section is titled by her name, as each twin's is, and its messages name her.
   */
  babyField?: string
}

export interface FormDefinition {
  /** The record's `name`: the form's Chinese title, under which the server stores and counts its records. */
  name: string
  titleKey: string
  /** The page route under /pagesHome/pages. */
  route: string
  /** Check-in notices and the rules acknowledgement: one record per customer, reopened for editing. */
  onePerCustomer?: boolean
  /** Whether a current customer must be chosen before the form opens. */
  needsCustomer?: boolean
  /**
   * A check-in notice: it names its mother (customer_name, phone), who must be the record's
   * customer, and a new arrival's notice may carry her admission, saved with it.
   */
  admits?: boolean
  /** Counts of which at least one must be above zero (an order of no meals orders nothing): the first is marked. */
  atLeastOne?: string[]
  /** A record saved under the form's earlier fields, read under its current ones (to show, print and save again). */
  upgrade?: (data: FormData) => FormData
  sections: Section[]
}

/** A form's page without its fields: what the home screen and the page titles need of it. */
export type FormPageInfo = Pick<FormDefinition, 'name' | 'titleKey' | 'route' | 'needsCustomer' | 'admits'>

export type RuleName =
  /** A typed field left empty (请输入 / Please enter). */
  | 'required'
  /** A choice, date or picker left empty (请选择 / Please select). */
  | 'requiredChoice'
  /** A signature not drawn. */
  | 'requiredSignature'
  | 'type'
  | 'min'
  /** A negative number where none may be (a floor of zero or more). */
  | 'negative'
  | 'max'
  | 'decimals'
  | 'maxLength'
  | 'format'
  /** A place without both coordinates, or with one out of range. */
  | 'coordinates'
  | 'option'
  | 'checksum'
  | 'minItems'
  | 'maxItems'
  | 'unknown'
  /** A row asks for more than its batch has (params: product, batch, available). */
  | 'stock'
  /** A row's batch is past its expiry date (params: product, batch, expiry). */
  | 'expired'
  /** A received batch whose expiry date is before the centre's today (params: today). */
  | 'pastExpiry'
  /** A date after the centre's today where only past days may be (params: today). */
  | 'futureDate'
  /** A production date after the batch's expiry date (params: expiry). */
  | 'afterExpiry'
  /** A batch number that the product already has with another expiry date (params: batch, expiry). */
  | 'batchExpiry'
  /** A baby named twice in one record (a twins' round). */
  | 'repeated'
  /** A visitor with a fever where the centre refuses one (params: value, bound). */
  | 'visitorFever'
  /** A visit outside the visiting hours where the centre refuses one (params: value, bound). */
  | 'visitingHours'
  /** A visit outside the centre's rules without the reason it is let in. */
  | 'flagReason'
  /** Every count of an order empty or zero (FormDefinition.atLeastOne). */
  | 'noneOrdered'
  /** Two options chosen that exclude each other (params: aKey, bKey, their labels' keys). */
  | 'excludes'
  /** An option that another field's reading contradicts (params: optionKey, valueLabelKey, value, bound). */
  | 'contradicted'

export interface FieldError {
  /** Dotted path: `temperature`, `medicines.1.dose`. */
  path: string
  /** Locale key of the field's label (the row field's for rows). */
  labelKey: string
  rule: RuleName
  params?: Record<string, string | number>
  /** The field's unit (a locale key): a bound the message names is said with it (500 g). */
  unitKey?: string
  /** On a twins' round, the name of the baby the value is about: the message names her, not a row. */
  baby?: string
}
