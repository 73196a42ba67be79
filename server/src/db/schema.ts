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
    data: jsonb('data').notNull(),
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
    index('form_records_site_name_created_idx').on(t.siteId, t.name, t.createdAt.desc()),
    index('form_records_site_created_idx').on(t.siteId, t.createdAt),
    index('form_records_customer_idx').on(t.customerId),
    uniqueIndex('form_records_site_request_idx').on(t.siteId, t.requestId),
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
