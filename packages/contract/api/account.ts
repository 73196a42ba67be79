import { Type } from 'typebox'
import { Day, Envelope, Id, Named, Nullable, Timestamp } from './common.js'
import { VISIT_POLICIES } from '../forms/ranges.js'

// /api/care/account: logging in and out, the account, its sites, the home page's counts.

export const UserInfo = Type.Object({
  id: Type.Integer(),
  account: Type.String(),
  name: Type.String(),
  site_id: Type.Integer(),
  site_name: Type.String(),
  must_change_password: Type.Boolean(),
  /** May approve / reject / reverse stock orders. */
  can_approve: Type.Boolean(),
  /** May administer the site: its staff, settings and lists, and who opened a customer's records. */
  can_administer: Type.Boolean(),
  /** The site's IANA zone: the app counts the centre's days in it, whatever the device's zone. */
  time_zone: Type.String(),
  /** The zone's offset from UTC now (minutes east), for a client that cannot convert zones itself. */
  utc_offset: Type.Integer(),
  /**
   * Where the site is (GCJ-02) and the radius in metres within which a sign-in counts as at the
   * site; null while the site has no coordinates. The map starts there. (Absent from the user info
   * an earlier app kept on the device until its next login or site switch.)
   */
  site_location: Type.Optional(
    Nullable(Type.Object({ latitude: Type.Number(), longitude: Type.Number(), radius: Type.Integer() })),
  ),
  /**
   * The site's visiting hours ('HH:MM', none when not set) and what it does with a visitor outside
   * them or with a fever. (Absent from a user info kept on the device from an earlier app.)
   */
  visit_rules: Type.Optional(
    Type.Object({
      from: Nullable(Type.String()),
      to: Nullable(Type.String()),
      policy: Type.Enum(VISIT_POLICIES),
    }),
  ),
})

// Passwords are capped so that nobody can make the server hash megabytes.
const Password = Type.String({ minLength: 1, maxLength: 128 })

export const LoginBody = Type.Object({
  account: Type.String({ minLength: 1, maxLength: 64 }),
  password: Password,
  site_id: Type.Optional(Id),
})
export const LoginReply = Envelope(Type.Object({ token: Type.String(), userInfo: UserInfo }))

export const InfoBody = Type.Object({ site_id: Type.Optional(Id) })

export const HomeBody = Type.Object({ date: Type.Optional(Day) })
export const HomeReply = Envelope(
  Type.Object({ date: Type.String(), counts: Type.Record(Type.String(), Type.Integer()) }),
)

export const ChangePasswordBody = Type.Object({ old_password: Password, password: Password })

export const SiteList = Envelope(Type.Array(Named))

/** The `client` header the app sends with a login: which app the session's device runs. */
export const SESSION_CLIENTS = ['weapp', 'h5', 'other'] as const

/** A device the account is signed in on: one live session. */
export const Device = Type.Object({
  id: Type.Integer(),
  /** The mini program, the H5 app, or another client (the PC back-office, which sends no `client`). */
  client: Type.Enum(SESSION_CLIENTS),
  site_name: Type.String(),
  signed_in_at: Timestamp,
  last_seen_at: Timestamp,
  /** The session of the request itself. */
  current: Type.Boolean(),
})
export const DeviceList = Envelope(Type.Array(Device))

/** One other device to sign out (its session's id); without it, every other one. */
export const SignOutDevicesBody = Type.Object({ session_id: Type.Optional(Id) })
export const SignOutDevicesReply = Envelope(Type.Object({ ended: Type.Integer() }))
