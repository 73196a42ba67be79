// Reply shapes of the API, with the server's field names. Ids are numbers.
// They are the server's schemas (@yuezi/contract/api), read as types only: nothing of TypeBox ships.
import type { Static, TSchema } from 'typebox'
import type { DeviceList, HomeReply, SiteList, UserInfo as UserInfoSchema } from '@yuezi/contract/api/account'
import type { Saved as SavedReply } from '@yuezi/contract/api/common'
import type { Customer as CustomerSchema, CustomerInfo as CustomerInfoReply } from '@yuezi/contract/api/customers'
import type {
  FormRecordCount as FormRecordCountReply,
  FormRecordInfo as FormRecordInfoReply,
  FormRecordList,
  Medicine as MedicineSchema,
} from '@yuezi/contract/api/formRecords'
import type { MapTiles as MapTilesReply, Regeo } from '@yuezi/contract/api/map'
import type { DepartmentList, FloorList } from '@yuezi/contract/api/siteLists'
import type { Survey as SurveyReply, SurveyAnswer as SurveyAnswerSchema } from '@yuezi/contract/api/checkNotice'

/** What a reply of the `{code, msg, res}` envelope carries in `res`. */
export type ResOf<Reply extends TSchema> = Static<Reply>['res']

export type UserInfo = Static<typeof UserInfoSchema>

export type Site = ResOf<typeof SiteList>[number]

/** A device the account is signed in on. */
export type Device = ResOf<typeof DeviceList>[number]

export type Customer = Static<typeof CustomerSchema>

/** A customer with her details (customer/info), not her ID number. */
export type CustomerDetails = ResOf<typeof CustomerInfoReply>

export type Baby = Customer['children'][number]

export interface Page<T> {
  list: T[]
  total: number
}

/** `date` (YYYY-MM-DD) and the record count per form or list name. */
export type HomeSummary = ResOf<typeof HomeReply>

type FormRecordRow = ResOf<typeof FormRecordList>['list'][number]
/** What the list adds to a record's own fields; a record the app holds may come from elsewhere without them. */
type Listed = 'customer_name' | 'room' | 'created_by_name' | 'updated_by_name'

/** A form record; with its customer and room, and who created and last changed it, as the list answers them. */
export type FormRecord = Omit<FormRecordRow, Listed> & Partial<Pick<FormRecordRow, Listed>>

/** A medicine row of a round record (儿科 / 产科医生查房签到表). */
export type Medicine = Static<typeof MedicineSchema>

/** getFormRecordInfo: one record; a round record also with its medicines and their ids. */
export type FormRecordInfo = FormRecord & Pick<ResOf<typeof FormRecordInfoReply>, 'medicines'>

/** saveForm, answerSave and the orders' save answer the saved id. */
export type Saved = ResOf<typeof SavedReply>

/** A field the server refused (saveForm answers code -1 with `res.errors`). */
export interface ServerFieldError {
  path: string
  message: string
}

/** getFormRecordCount: of one form (`count`) or, without a name, per form (`counts`). */
export type FormRecordCount = ResOf<typeof FormRecordCountReply>

/** The site's current check-in rules (入住须知). */
export type Survey = ResOf<typeof SurveyReply>

/** A customer's signed acknowledgement of the check-in rules. */
export type SurveyAnswer = Static<typeof SurveyAnswerSchema>

export type Floor = ResOf<typeof FloorList>[number]

export type Room = Floor['rooms'][number]

export type Department = ResOf<typeof DepartmentList>[number]

/** Where the map tiles come from (a Leaflet URL template and the values of its {s}), and whether the server finds addresses. */
export type MapTiles = ResOf<typeof MapTilesReply>

/** The name and address the server's map service found at a point. */
export type FoundPlace = NonNullable<ResOf<typeof Regeo>>
