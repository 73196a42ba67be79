// Reply shapes of the API (PRODUCT.md "Payload names"). Ids are numbers.

export interface UserInfo {
  id: number
  account: string
  name: string
  site_id: number
  site_name: string
  must_change_password: boolean
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
}
