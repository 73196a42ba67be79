import { Type } from 'typebox'
import { Envelope, Id, Keyword, Named, Page, Paging } from './common.js'

// /api/admin/staff: the staff accounts of the caller's site, for those who administer it. A reply
// names only the sites the caller administers too.

/** A site of the account, with its rights there. */
export const Membership = Type.Object({
  site_id: Type.Integer(),
  site_name: Type.String(),
  can_approve: Type.Boolean(),
  can_administer: Type.Boolean(),
})

export const StaffMember = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  account: Type.String(),
  /** Ended: she signs in no more. */
  disabled: Type.Boolean(),
  /** She signs in with a one-time password and must choose her own first. */
  must_change_password: Type.Boolean(),
  /** Her default site, when it is one the caller administers. */
  default_site_id: Type.Union([Type.Integer(), Type.Null()]),
  sites: Type.Array(Membership),
})

export const StaffListBody = Type.Object({ ...Paging, keyword: Type.Optional(Keyword) })
export const StaffList = Page(StaffMember)
export const StaffInfo = Envelope(StaffMember)

/** The staff form's data (forms/definitions/admin.ts: staffForm), and the account changed. */
export const StaffSaveBody = Type.Object({
  id: Type.Optional(Id),
  name: Type.String({ maxLength: 200 }),
  /** Fixed once the account is made: an update ignores it. */
  account: Type.Optional(Type.String({ maxLength: 200 })),
  sites: Type.Array(
    Type.Object({
      site_id: Id,
      rights: Type.Optional(Type.Array(Type.String({ maxLength: 20 }), { maxItems: 10 })),
    }),
    { maxItems: 50 },
  ),
  default_site_id: Type.Optional(Id),
})

/** A new account's id and its one-time password, shown once. */
export const StaffCreated = Envelope(Type.Object({ id: Type.Integer(), password: Type.String() }))
export const StaffSaved = Envelope(Type.Object({ id: Type.Integer() }))
/** A new one-time password, shown once. */
export const StaffPassword = Envelope(Type.Object({ password: Type.String() }))
/** The sites the caller administers: those she may give. */
export const AdminSites = Envelope(Type.Array(Named))
