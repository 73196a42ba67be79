import { isNull } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// 64-bit ids in number mode so that PGlite and node-postgres both return numbers.
const id = () => bigserial('id', { mode: 'number' }).primaryKey();
const ref = (name: string) => bigint(name, { mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true });

export const sites = pgTable('sites', {
  id: id(),
  name: text('name').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const accounts = pgTable('accounts', {
  id: id(),
  account: text('account').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  defaultSiteId: ref('default_site_id').notNull().references(() => sites.id),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** The sites an account may work in (its default site included). */
export const accountSites = pgTable(
  'account_sites',
  {
    accountId: ref('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    siteId: ref('site_id').notNull().references(() => sites.id),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.siteId] })],
);

/** Only the sha256 of a token is stored: a leaked table gives no usable token. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    accountId: ref('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    siteId: ref('site_id').notNull().references(() => sites.id),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_account_idx').on(t.accountId)],
);

export const customers = pgTable(
  'customers',
  {
    id: id(),
    siteId: ref('site_id').notNull().references(() => sites.id),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    room: text('room').notNull(),
    idCard: text('id_card'),
    deliveryDate: date('delivery_date', { mode: 'string' }),
    checkInDate: date('check_in_date', { mode: 'string' }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('customers_site_room_idx').on(t.siteId, t.room),
    index('customers_site_name_idx').on(t.siteId, t.name),
    index('customers_site_phone_idx').on(t.siteId, t.phone),
  ],
);

export const babies = pgTable(
  'babies',
  {
    id: id(),
    customerId: ref('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sex: text('sex', { enum: ['male', 'female'] }).notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    /** grams */
    birthWeight: integer('birth_weight'),
  },
  (t) => [index('babies_customer_idx').on(t.customerId)],
);

/** One filled-in form. Soft-deleted (deleted_at) so that records stay for audit. */
export const formRecords = pgTable(
  'form_records',
  {
    id: id(),
    siteId: ref('site_id').notNull().references(() => sites.id),
    name: text('name').notNull(),
    customerId: ref('customer_id').references(() => customers.id),
    /** As validated, with computed fields computed by the server; a round form's medicines are in `medicines`. */
    data: jsonb('data').notNull(),
    /** The data's free text (text fields, rows' included), which the list's keyword search looks in. */
    searchText: text('search_text').notNull().default(''),
    /** Set by the app so that a retried save creates one record. */
    requestId: text('request_id'),
    createdAt: at('created_at').notNull().defaultNow(),
    createdBy: ref('created_by').notNull().references(() => accounts.id),
    updatedAt: at('updated_at').notNull().defaultNow(),
    updatedBy: ref('updated_by').notNull().references(() => accounts.id),
    deletedAt: at('deleted_at'),
    deletedBy: ref('deleted_by').references(() => accounts.id),
  },
  (t) => [
    // Lists are newest first (created_at DESC NULLS LAST, id DESC NULLS LAST: the order of these
    // indexes), of live records only.
    index('form_records_site_name_created_idx')
      .on(t.siteId, t.name, t.createdAt.desc(), t.id.desc())
      .where(isNull(t.deletedAt)),
    index('form_records_site_created_idx').on(t.siteId, t.createdAt.desc(), t.id.desc()).where(isNull(t.deletedAt)),
    index('form_records_customer_name_created_idx')
      .on(t.customerId, t.name, t.createdAt.desc(), t.id.desc())
      .where(isNull(t.deletedAt)),
    // Also serves the foreign key, deleted records included.
    index('form_records_customer_idx').on(t.customerId),
    // Trigram index (pg_trgm) for the keyword search's ILIKE '%…%'.
    index('form_records_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    uniqueIndex('form_records_site_request_idx').on(t.siteId, t.requestId),
  ],
);

/** The medicines of a round record (儿科 / 产科医生查房签到表); shown as the record's data.medicines. */
export const medicines = pgTable(
  'medicines',
  {
    id: id(),
    recordId: ref('record_id').notNull().references(() => formRecords.id),
    siteId: ref('site_id').notNull().references(() => sites.id),
    medicine: text('medicine').notNull(),
    dose: text('dose').notNull(),
    route: text('route'),
    frequency: text('frequency'),
    days: integer('days'),
    note: text('note'),
    createdAt: at('created_at').notNull().defaultNow(),
    createdBy: ref('created_by').notNull().references(() => accounts.id),
    updatedAt: at('updated_at').notNull().defaultNow(),
    updatedBy: ref('updated_by').notNull().references(() => accounts.id),
  },
  (t) => [index('medicines_record_idx').on(t.recordId, t.id)],
);

/** A site's check-in rules (入住须知); a change is a new version, the highest is the current one. */
export const surveys = pgTable(
  'surveys',
  {
    id: id(),
    siteId: ref('site_id').notNull().references(() => sites.id),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('surveys_site_version_idx').on(t.siteId, t.version)],
);

/** A customer's signed acknowledgement of one version of the rules; one live one per customer and version. */
export const surveyAnswers = pgTable(
  'survey_answers',
  {
    id: id(),
    siteId: ref('site_id').notNull().references(() => sites.id),
    surveyId: ref('survey_id').notNull().references(() => surveys.id),
    customerId: ref('customer_id').notNull().references(() => customers.id),
    data: jsonb('data').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    createdBy: ref('created_by').notNull().references(() => accounts.id),
    updatedAt: at('updated_at').notNull().defaultNow(),
    updatedBy: ref('updated_by').notNull().references(() => accounts.id),
    deletedAt: at('deleted_at'),
    deletedBy: ref('deleted_by').references(() => accounts.id),
  },
  (t) => [
    uniqueIndex('survey_answers_customer_survey_idx').on(t.customerId, t.surveyId).where(isNull(t.deletedAt)),
    index('survey_answers_site_created_idx').on(t.siteId, t.createdAt.desc(), t.id.desc()).where(isNull(t.deletedAt)),
    index('survey_answers_survey_idx').on(t.surveyId),
  ],
);

/** The rooms of a site, by floor (floorList; the check-in notices' room). */
export const rooms = pgTable(
  'rooms',
  {
    id: id(),
    siteId: ref('site_id').notNull().references(() => sites.id),
    floor: integer('floor').notNull(),
    room: text('room').notNull(),
  },
  (t) => [uniqueIndex('rooms_site_room_idx').on(t.siteId, t.room)],
);

/** A site's departments (departmentList: the check-in notices' departments to notify, stock outbound). */
export const departments = pgTable(
  'departments',
  {
    id: id(),
    siteId: ref('site_id').notNull().references(() => sites.id),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('departments_site_name_idx').on(t.siteId, t.name), index('departments_site_sort_idx').on(t.siteId, t.sort)],
);

export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'approve', 'reject', 'reverse'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * Who did what to which record, written in the transaction of the change. `request_id` is the
 * app's id of a save: a retried save with one finds it here and changes nothing.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    siteId: ref('site_id').notNull().references(() => sites.id),
    accountId: ref('account_id').notNull().references(() => accounts.id),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    /** The table of the changed row, e.g. form_records. */
    entity: text('entity').notNull(),
    entityId: bigint('entity_id', { mode: 'number' }).notNull(),
    requestId: text('request_id'),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_site_at_idx').on(t.siteId, t.at.desc()),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    uniqueIndex('audit_log_site_request_idx').on(t.siteId, t.requestId),
  ],
);

export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    siteId: ref('site_id').notNull().references(() => sites.id),
    accountId: ref('account_id').notNull().references(() => accounts.id),
    /** The stored file name under DATA_DIR/uploads (random, never the client's name). */
    path: text('path').notNull().unique(),
    originalName: text('original_name').notNull(),
    size: integer('size').notNull(),
    mime: text('mime').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('uploads_site_created_idx').on(t.siteId, t.createdAt)],
);
