import { Type } from 'typebox'
import { Envelope, Nullable } from './common.js'
import { VISIT_POLICIES } from '../forms/ranges.js'

// /api/admin/site: the settings of the caller's site, for those who administer it.

/** Null first: the body's coercion would otherwise read a null as the number 0. */
const NoneOrNumber = Type.Union([Type.Null(), Type.Number()])

const Settings = {
  name: Type.String({ maxLength: 200 }),
  /** IANA zone: which day a record belongs to is counted in it. */
  time_zone: Type.String({ maxLength: 100 }),
  latitude: Type.Optional(NoneOrNumber),
  longitude: Type.Optional(NoneOrNumber),
  /** Metres from the centre within which a ward round's sign-in counts as at the centre. */
  radius: Type.Number(),
  /** Visiting hours, 'HH:MM'. */
  visit_from: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
  visit_to: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
  /** A visitor with a fever or outside the visiting hours: let in with a reason, or refused (kept when absent). */
  visit_policy: Type.Optional(Type.Enum(VISIT_POLICIES)),
  /** Whoever made a stock order may also approve it. */
  creator_may_approve: Type.Boolean(),
  /** Days the photos and signatures of a deleted record are kept. */
  upload_retention_days: Type.Number(),
  /** The check-in rules (入住须知) mothers sign: a change is a new version, signed ones keep theirs. */
  rules: Type.String({ maxLength: 40_000 }),
}

export const SiteSaveBody = Type.Object(Settings)
export const SiteInfo = Envelope(
  Type.Object({
    ...Settings,
    latitude: Nullable(Type.Number()),
    longitude: Nullable(Type.Number()),
    visit_from: Nullable(Type.String()),
    visit_to: Nullable(Type.String()),
    visit_policy: Type.Enum(VISIT_POLICIES),
    /** The version of the rules shown; a change makes the next one. */
    rules_version: Type.Integer(),
  }),
)

/** The database's latest integrity check on the answering server: null before its first. */
export const IntegrityStatus = Envelope(
  Nullable(
    Type.Object({
      /** When it ended (ISO 8601). */
      at: Type.String(),
      indexes: Type.Number(),
      tables: Type.Number(),
      /** The damaged indexes and tables by name (schema.name); empty when clean. */
      damaged: Type.Array(Type.String()),
    }),
  ),
)
