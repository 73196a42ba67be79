import { isNull, sql, type SQL } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type ExtraConfigColumn,
} from 'drizzle-orm/pg-core'
import { SESSION_CLIENTS } from '@yuezi/contract/api/account'
import { IMPORT_KINDS } from '@yuezi/contract/api/sheets'
import { ROOM_KIND_VALUES } from '@yuezi/contract/forms/definitions/masterData'
import { DELIVERY_MODES, STAY_KINDS, STAY_STATUSES } from '@yuezi/contract/forms/definitions/admission'
import { VISIT_POLICIES } from '@yuezi/contract/forms/ranges'

// 64-bit ids in number mode so that PGlite and node-postgres both return numbers.
const id = () => bigserial('id', { mode: 'number' }).primaryKey()
const ref = (name: string) => bigint(name, { mode: 'number' })
const at = (name: string) => timestamp(name, { withTimezone: true })

/**
 * A trigram index (pg_trgm) for a keyword search's ILIKE '%…%'. Its pending list of new entries is
 * kept small, so that the save that fills it, holding its rows' locks, merges it into the index
 * quickly (autovacuum empties the list too, but not soon enough on a busy day, and the embedded
 * database has none).
 */
const keywordIndex = (name: string, column: ExtraConfigColumn) =>
  index(name).using('gin', column.op('gin_trgm_ops')).with({ gin_pending_list_limit: 256 })

export const sites = pgTable('sites', {
  id: id(),
  name: text('name').notNull(),
  /** IANA zone of the centre: which day a record belongs to is counted in it. */
  timeZone: text('time_zone').notNull().default('Asia/Shanghai'),
  /** Where the site is (GCJ-02, as the map pages answer): a round's sign-in distance is counted from it. */
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  /** Metres from the site within which a sign-in counts as at the site; farther ones are flagged. */
  radius: integer('radius').notNull().default(500),
  /** Days the photos and signatures of a deleted record are kept before their files are deleted. */
  uploadRetentionDays: integer('upload_retention_days').notNull().default(30),
  /** Whoever made a stock order may also approve or reject it: off, someone else checks it. */
  creatorMayApprove: boolean('creator_may_approve').notNull().default(false),
  /** Visiting hours ('HH:MM', the centre's time), as the front desk tells families; none when not set. */
  visitFrom: text('visit_from'),
  visitTo: text('visit_to'),
  /** A visitor with a fever or outside the visiting hours: let in with a reason, or refused. */
  visitPolicy: text('visit_policy', { enum: VISIT_POLICIES }).notNull().default('reason'),
  createdAt: at('created_at').notNull().defaultNow(),
})

export const accounts = pgTable('accounts', {
  id: id(),
  account: text('account').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  /**
   * When the password was set: a one-time one (mustChangePassword) signs in no more once
   * ONE_TIME_PASSWORD_HOURS have passed since. Accounts older than the column count from the upgrade.
   */
  passwordSetAt: at('password_set_at').notNull().defaultNow(),
  defaultSiteId: ref('default_site_id')
    .notNull()
    .references(() => sites.id),
  /** When the account was ended: it signs in no more, and its sessions are refused. */
  disabledAt: at('disabled_at'),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
})

/** The sites an account may work in (its default site included). */
export const accountSites = pgTable(
  'account_sites',
  {
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id),
    /** May approve / reject / reverse the stock orders of this site. */
    canApprove: boolean('can_approve').notNull().default(false),
    /** May administer this site: its staff, the centre's settings and lists, who opened what. */
    canAdminister: boolean('can_administer').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.siteId] })],
)

export type SessionClient = (typeof SESSION_CLIENTS)[number]

/** Only the sha256 of a token is stored: a leaked table gives no usable token. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    /** When the session last signed a request in, to the minute or so: past the idle limit it ends. */
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    /** Which app signed in, as its request layer says: the personal centre's list of devices names it. */
    client: text('client', { enum: SESSION_CLIENTS }).notNull().default('other'),
    revokedAt: at('revoked_at'),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_account_idx').on(t.accountId)],
)

/**
 * Attempts counted per key (an account and an address, for logging in) until the window ends: in
 * the database, so that every instance counts the same and a restart forgets nothing.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: at('resets_at').notNull(),
  },
  (t) => [index('rate_limits_resets_at_idx').on(t.resetsAt)],
)

export const customers = pgTable(
  'customers',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    /** The room of her latest stay: the records and lists that name her show it. */
    room: text('room').notNull(),
    idCard: text('id_card'),
    deliveryDate: date('delivery_date', { mode: 'string' }),
    deliveryMode: text('delivery_mode', { enum: DELIVERY_MODES }),
    hospital: text('hospital'),
    allergies: text('allergies'),
    dietNeeds: text('diet_needs'),
    remark: text('remark'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // customer/index's order (room, id).
    index('customers_site_room_idx').on(t.siteId, t.room, t.id),
    index('customers_site_name_idx').on(t.siteId, t.name),
    index('customers_site_phone_idx').on(t.siteId, t.phone),
    // One mother per ID number in a site: a second admission offers the first instead.
    uniqueIndex('customers_site_id_card_idx')
      .on(t.siteId, t.idCard)
      .where(sql`${t.idCard} is not null`),
    // The keyword search looks in name, room and phone.
    keywordIndex('customers_name_search_idx', t.name),
    keywordIndex('customers_room_search_idx', t.room),
    keywordIndex('customers_phone_search_idx', t.phone),
  ],
)

export const babies = pgTable(
  'babies',
  {
    id: id(),
    customerId: ref('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sex: text('sex', { enum: ['male', 'female'] }).notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    /** 'HH:MM', the centre's time; unknown for babies entered before it was asked. */
    birthTime: text('birth_time'),
    /** grams */
    birthWeight: integer('birth_weight'),
  },
  (t) => [index('babies_customer_idx').on(t.customerId)],
)

/**
 * A mother's stay in the centre: booked (arriving), in house, or over (left). An open stay (not
 * left) holds its room; a mother has at most one.
 */
export const stays = pgTable(
  'stays',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id),
    customerId: ref('customer_id')
      .notNull()
      .references(() => customers.id),
    kind: text('kind', { enum: STAY_KINDS }).notNull(),
    checkInDate: date('check_in_date', { mode: 'string' }).notNull(),
    plannedDays: integer('planned_days').notNull(),
    /** The planned leave date: check-in date plus the planned days, as the check-in notice counts it. */
    leaveDate: date('leave_date', { mode: 'string' })
      .notNull()
      .generatedAlwaysAs((): SQL => sql`check_in_date + planned_days`),
    room: text('room').notNull(),
    /** Her stay package (套餐), not a gift bundle. */
    packageId: ref('package_id').references(() => stayPackages.id),
    status: text('status', { enum: STAY_STATUSES }).notNull(),
    /** The day she actually left (the centre's date of her check-out). */
    leftOn: date('left_on', { mode: 'string' }),
    checkedInBy: ref('checked_in_by').references(() => accounts.id),
    checkedOutBy: ref('checked_out_by').references(() => accounts.id),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stays_open_customer_idx')
      .on(t.customerId)
      .where(sql`${t.status} <> 'left'`),
    // A room holds one open stay: two admissions into it cannot both pass.
    uniqueIndex('stays_open_room_idx')
      .on(t.siteId, t.room)
      .where(sql`${t.status} <> 'left'`),
    index('stays_customer_idx').on(t.customerId, t.checkInDate.desc()),
    index('stays_site_status_idx').on(t.siteId, t.status, t.checkInDate),
    check('stays_planned_days_check', sql`${t.plannedDays} > 0`),
  ],
)

/** One filled-in form. Soft-deleted (deleted_at) so that records stay for audit. */
export const formRecords = pgTable(
  'form_records',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    customerId: ref('customer_id').references(() => customers.id),
    /** As validated, with computed fields computed by the server; a round form's medicines are in `medicines`. */
    data: jsonb('data').notNull(),
    /** The data's free text (text fields, rows' included), which the list's keyword search looks in. */
    searchText: text('search_text').notNull().default(''),
    /** Set by the app so that a retried save creates one record. */
    requestId: text('request_id'),
    /**
     * A visit's visiting hours as its save was checked against them ('HH:mm'), null when the centre
     * had none: the visit stays judged by them when the centre changes its hours.
     */
    visitHours: jsonb('visit_hours').$type<{ from: string; to: string }>(),
    createdAt: at('created_at').notNull().defaultNow(),
    createdBy: ref('created_by')
      .notNull()
      .references(() => accounts.id),
    updatedAt: at('updated_at').notNull().defaultNow(),
    updatedBy: ref('updated_by')
      .notNull()
      .references(() => accounts.id),
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
    // Her timeline, newest first; also serves the foreign key, deleted records included.
    index('form_records_customer_created_idx').on(t.customerId, t.createdAt.desc(), t.id.desc()),
    keywordIndex('form_records_search_idx', t.searchText),
    uniqueIndex('form_records_site_request_idx').on(t.siteId, t.requestId),
  ],
)

/**
 * How many live records of each form a site has: the total of getFormRecord's unfiltered list,
 * which counting form_records would make grow with the table (a count reads every matching index
 * entry). Kept by triggers on form_records (migrations 0004 and 0009), in the writing transaction.
 * A form's count is the sum of its shards: each database connection adds to its own shard, so that
 * saves of one form on several connections do not queue for one row's lock until they commit.
 */
export const formRecordCounts = pgTable(
  'form_record_counts',
  {
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    shard: smallint('shard').notNull().default(0),
    live: bigint('live', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.name, t.shard] })],
)

/** The medicines of a round record (儿科 / 产科医生查房签到表); shown as the record's data.medicines. */
export const medicines = pgTable(
  'medicines',
  {
    id: id(),
    recordId: ref('record_id')
      .notNull()
      .references(() => formRecords.id),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id),
    medicine: text('medicine').notNull(),
    dose: text('dose').notNull(),
    route: text('route'),
    frequency: text('frequency'),
    days: integer('days'),
    note: text('note'),
    createdAt: at('created_at').notNull().defaultNow(),
    createdBy: ref('created_by')
      .notNull()
      .references(() => accounts.id),
    updatedAt: at('updated_at').notNull().defaultNow(),
    updatedBy: ref('updated_by')
      .notNull()
      .references(() => accounts.id),
  },
  (t) => [index('medicines_record_idx').on(t.recordId, t.id)],
)

/** A site's check-in rules (入住须知); a change is a new version, the highest is the current one. */
export const surveys = pgTable(
  'surveys',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('surveys_site_version_idx').on(t.siteId, t.version)],
)

/** A customer's signed acknowledgement of one version of the rules; one live one per customer and version. */
export const surveyAnswers = pgTable(
  'survey_answers',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id),
    surveyId: ref('survey_id')
      .notNull()
      .references(() => surveys.id),
    customerId: ref('customer_id')
      .notNull()
      .references(() => customers.id),
    data: jsonb('data').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    createdBy: ref('created_by')
      .notNull()
      .references(() => accounts.id),
    updatedAt: at('updated_at').notNull().defaultNow(),
    updatedBy: ref('updated_by')
      .notNull()
      .references(() => accounts.id),
    deletedAt: at('deleted_at'),
    deletedBy: ref('deleted_by').references(() => accounts.id),
  },
  (t) => [
    uniqueIndex('survey_answers_customer_survey_idx').on(t.customerId, t.surveyId).where(isNull(t.deletedAt)),
    index('survey_answers_site_created_idx').on(t.siteId, t.createdAt.desc(), t.id.desc()).where(isNull(t.deletedAt)),
    index('survey_answers_survey_idx').on(t.surveyId),
  ],
)

/**
 * When a list entry (a room, a department, a product, …) was taken out of use: no longer offered
 * for new records, while the records that name it still show it.
 */
const retired = () => at('retired_at')

/** The rooms of a site, by floor (floorList; the check-in notices' room). */
export const rooms = pgTable(
  'rooms',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id),
    floor: integer('floor').notNull(),
    room: text('room').notNull(),
    kind: text('kind', { enum: ROOM_KIND_VALUES }).notNull().default('standard'),
    /** Out of service (under repair, …): not offered for admission or check-in. */
    inService: boolean('in_service').notNull().default(true),
    retiredAt: retired(),
  },
  (t) => [uniqueIndex('rooms_site_room_idx').on(t.siteId, t.room)],
)

/**
 * How many times a site's rooms, stays and mothers have changed: the room board an instance built
 * is answered again while the sum of its site's shards and the centre's day are the same. Counted
 * by triggers on rooms, stays and customers (migration 0026), in the writing transaction, whoever
 * writes; each connection adds to its own shard, as the form records' counts do.
 */
export const boardVersions = pgTable(
  'board_versions',
  {
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id),
    shard: smallint('shard').notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.shard] })],
)

/**
 * How many times what her file shows has changed for a mother: her details, babies, stays and their
 * packages' names, form records, check-in rules signed, self-paid and gift orders, and PDFs printed.
 * Her file as an instance wrote it is answered again while the sum of her shards is the same.
 * Counted by triggers on those tables (migrations 0028 and 0030) in the writing transaction, whoever
 * writes; each connection adds to its own shard.
 */
export const timelineVersions = pgTable(
  'timeline_versions',
  {
    customerId: ref('customer_id')
      .notNull()
      .references(() => customers.id),
    shard: smallint('shard').notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.shard] })],
)

/** A site's departments (departmentList: the check-in notices' departments to notify, stock outbound). */
export const departments = pgTable(
  'departments',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    retiredAt: retired(),
  },
  (t) => [
    uniqueIndex('departments_site_name_idx').on(t.siteId, t.name),
    index('departments_site_sort_idx').on(t.siteId, t.sort),
  ],
)

// ---------------------------------------------------------------------------------------------
// Stock: products, packages, gift types, batches; outbound and self-paid orders; stock movements

/** Yuan with 2 decimals; read as a string ("12.50"), which the repositories turn into a number. */
const money = (name: string) => numeric(name, { precision: 10, scale: 2 })

/** A site's products (productList). Stock is in its batches. */
export const products = pgTable(
  'products',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    spec: text('spec').notNull().default(''),
    unit: text('unit').notNull(),
    price: money('price').notNull(),
    category: text('category').notNull(),
    sort: integer('sort').notNull().default(0),
    /** Sold to customers as a self-paid item (自费物品消费表 offers only these). */
    selfPaid: boolean('self_paid').notNull().default(true),
    retiredAt: retired(),
  },
  (t) => [
    index('products_site_sort_idx').on(t.siteId, t.sort, t.id),
    uniqueIndex('products_site_name_spec_idx').on(t.siteId, t.name, t.spec),
    check('products_price_check', sql`${t.price} >= 0`),
  ],
)

/**
 * A stay package (套餐, stayPackageList): what a mother books, with its length in days, its price
 * and what it includes; her stay names it, and its days prefill the stay's length.
 */
export const stayPackages = pgTable(
  'stay_packages',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    days: integer('days').notNull(),
    price: money('price').notNull(),
    includes: text('includes').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    retiredAt: retired(),
  },
  (t) => [
    uniqueIndex('stay_packages_site_name_idx').on(t.siteId, t.name),
    check('stay_packages_days_check', sql`${t.days} > 0`),
    check('stay_packages_price_check', sql`${t.price} >= 0`),
  ],
)

/** A list of products and quantities (productPackageList), a gift bundle: what a gift pack holds. */
export const productPackages = pgTable(
  'product_packages',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    retiredAt: retired(),
  },
  (t) => [uniqueIndex('product_packages_site_name_idx').on(t.siteId, t.name)],
)

export const productPackageItems = pgTable(
  'product_package_items',
  {
    id: id(),
    packageId: ref('package_id')
      .notNull()
      .references(() => productPackages.id, { onDelete: 'cascade' }),
    productId: ref('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    uniqueIndex('product_package_items_package_product_idx').on(t.packageId, t.productId),
    index('product_package_items_product_idx').on(t.productId),
    check('product_package_items_quantity_check', sql`${t.quantity} > 0`),
  ],
)

/** Gift types (giftTypeList): a gift pack handed to customers, made of its package's products. */
export const giftTypes = pgTable(
  'gift_types',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    packageId: ref('package_id')
      .notNull()
      .references(() => productPackages.id),
    sort: integer('sort').notNull().default(0),
    retiredAt: retired(),
  },
  (t) => [
    uniqueIndex('gift_types_site_name_idx').on(t.siteId, t.name),
    index('gift_types_package_idx').on(t.packageId),
  ],
)

/** A batch of a product on hand. `quantity` changes only by approving or reversing an order (see stock_movements). */
export const stockBatches = pgTable(
  'stock_batches',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id),
    productId: ref('product_id')
      .notNull()
      .references(() => products.id),
    batchNo: text('batch_no').notNull(),
    productionDate: date('production_date', { mode: 'string' }),
    /** The last day the batch may be used. */
    expiryDate: date('expiry_date', { mode: 'string' }).notNull(),
    quantity: integer('quantity').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Earliest expiry first: the order getProductBatch answers and approvals lock in.
    index('stock_batches_product_expiry_idx').on(t.productId, t.expiryDate, t.id),
    index('stock_batches_site_idx').on(t.siteId),
    uniqueIndex('stock_batches_product_batch_no_idx').on(t.productId, t.batchNo),
    // The last line of defence: no approval, however it races, takes stock below zero.
    check('stock_batches_quantity_check', sql`${t.quantity} >= 0`),
  ],
)

export const ORDER_STATUSES = ['pending', 'approved', 'rejected', 'reversed'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]
export const OUT_APPLY_TYPES = ['general', 'gift'] as const
export type OutApplyType = (typeof OUT_APPLY_TYPES)[number]

/** Who made, changed, checked (approved or rejected), reversed and deleted an order, and when. */
const orderTrail = () => ({
  createdAt: at('created_at').notNull().defaultNow(),
  createdBy: ref('created_by')
    .notNull()
    .references(() => accounts.id),
  updatedAt: at('updated_at').notNull().defaultNow(),
  updatedBy: ref('updated_by')
    .notNull()
    .references(() => accounts.id),
  checkedAt: at('checked_at'),
  checkedBy: ref('checked_by').references(() => accounts.id),
  reversedAt: at('reversed_at'),
  reversedBy: ref('reversed_by').references(() => accounts.id),
  deletedAt: at('deleted_at'),
  deletedBy: ref('deleted_by').references(() => accounts.id),
})

/** What every order table starts with: its id, its site and its number. */
const orderHead = () => ({
  id: id(),
  siteId: ref('site_id')
    .notNull()
    .references(() => sites.id),
  /** The order number shown to people, e.g. CK20261122-00042 (set right after the insert). */
  no: text('no').notNull().default(''),
})

/** What every order table ends with: its status, why it was rejected (or reversed), its search text and trail. */
const orderState = () => ({
  status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
  reason: text('reason'),
  /** What the keyword search looks in. */
  searchText: text('search_text').notNull().default(''),
  ...orderTrail(),
})

/**
 * Outbound orders (outApply): `general` draws supplies for a department, `gift` hands a gift pack
 * to a customer. Pending until checked; approval takes the items' quantities out of their batches.
 */
export const outApplies = pgTable(
  'out_applies',
  {
    ...orderHead(),
    type: text('type', { enum: OUT_APPLY_TYPES }).notNull(),
    departmentId: ref('department_id').references(() => departments.id),
    customerId: ref('customer_id').references(() => customers.id),
    giftTypeId: ref('gift_type_id').references(() => giftTypes.id),
    requester: text('requester').notNull().default(''),
    applyDate: date('apply_date', { mode: 'string' }).notNull(),
    remark: text('remark').notNull().default(''),
    /** The keyword search looks in its number, requester, remark, department, gift type and product names. */
    ...orderState(),
  },
  (t) => [
    index('out_applies_site_date_idx').on(t.siteId, t.applyDate.desc(), t.id.desc()).where(isNull(t.deletedAt)),
    // The list's filters, each in the list's order: type (every list of the app), status, department.
    index('out_applies_site_type_date_idx')
      .on(t.siteId, t.type, t.applyDate.desc(), t.id.desc())
      .where(isNull(t.deletedAt)),
    index('out_applies_site_status_date_idx')
      .on(t.siteId, t.status, t.applyDate.desc(), t.id.desc())
      .where(isNull(t.deletedAt)),
    index('out_applies_department_idx').on(t.departmentId),
    index('out_applies_customer_idx').on(t.customerId),
    keywordIndex('out_applies_search_idx', t.searchText),
    check(
      'out_applies_type_check',
      sql`(${t.type} = 'general' and ${t.departmentId} is not null) or (${t.type} = 'gift' and ${t.customerId} is not null and ${t.giftTypeId} is not null)`,
    ),
  ],
)

export const outApplyItems = pgTable(
  'out_apply_items',
  {
    id: id(),
    applyId: ref('apply_id')
      .notNull()
      .references(() => outApplies.id, { onDelete: 'cascade' }),
    productId: ref('product_id')
      .notNull()
      .references(() => products.id),
    batchId: ref('batch_id')
      .notNull()
      .references(() => stockBatches.id),
    quantity: integer('quantity').notNull(),
    /** The product's price when the order was saved: the order's value does not move with later price changes. */
    price: money('price').notNull(),
  },
  (t) => [
    index('out_apply_items_apply_idx').on(t.applyId, t.id),
    index('out_apply_items_batch_idx').on(t.batchId),
    index('out_apply_items_product_idx').on(t.productId),
    check('out_apply_items_quantity_check', sql`${t.quantity} > 0`),
  ],
)

/** Self-paid item orders of a customer (specialCare, 自费物品消费表): the items, their prices and the total. */
export const specialCares = pgTable(
  'special_cares',
  {
    ...orderHead(),
    customerId: ref('customer_id')
      .notNull()
      .references(() => customers.id),
    room: text('room').notNull(),
    consumeDate: date('consume_date', { mode: 'string' }).notNull(),
    remark: text('remark').notNull().default(''),
    /** The customer's signature (an upload's URL). */
    signature: text('signature'),
    total: money('total').notNull(),
    /** The keyword search looks in its number, remark and product names. */
    ...orderState(),
  },
  (t) => [
    index('special_cares_site_date_idx').on(t.siteId, t.consumeDate.desc(), t.id.desc()).where(isNull(t.deletedAt)),
    // The status filter, in the list's order.
    index('special_cares_site_status_date_idx')
      .on(t.siteId, t.status, t.consumeDate.desc(), t.id.desc())
      .where(isNull(t.deletedAt)),
    index('special_cares_customer_idx').on(t.customerId),
    keywordIndex('special_cares_search_idx', t.searchText),
  ],
)

export const specialCareItems = pgTable(
  'special_care_items',
  {
    id: id(),
    careId: ref('care_id')
      .notNull()
      .references(() => specialCares.id, { onDelete: 'cascade' }),
    productId: ref('product_id')
      .notNull()
      .references(() => products.id),
    batchId: ref('batch_id')
      .notNull()
      .references(() => stockBatches.id),
    quantity: integer('quantity').notNull(),
    price: money('price').notNull(),
    subtotal: money('subtotal').notNull(),
  },
  (t) => [
    index('special_care_items_care_idx').on(t.careId, t.id),
    index('special_care_items_batch_idx').on(t.batchId),
    index('special_care_items_product_idx').on(t.productId),
    check('special_care_items_quantity_check', sql`${t.quantity} > 0`),
  ],
)

/**
 * Inbound orders (入库单): goods received from a supplier. Pending until checked; approval puts each
 * item's quantity into its batch (product and batch number), made by that approval when it is new.
 */
export const inboundOrders = pgTable(
  'inbound_orders',
  {
    ...orderHead(),
    supplier: text('supplier').notNull(),
    inboundDate: date('inbound_date', { mode: 'string' }).notNull(),
    remark: text('remark').notNull().default(''),
    /** The keyword search looks in its number, supplier, remark, product names and batch numbers. */
    ...orderState(),
  },
  (t) => [
    index('inbound_orders_site_date_idx').on(t.siteId, t.inboundDate.desc(), t.id.desc()).where(isNull(t.deletedAt)),
    index('inbound_orders_site_status_date_idx')
      .on(t.siteId, t.status, t.inboundDate.desc(), t.id.desc())
      .where(isNull(t.deletedAt)),
    keywordIndex('inbound_orders_search_idx', t.searchText),
  ],
)

/** An inbound order's rows: the batch they arrive as, named by its number until approval finds or makes it. */
export const inboundOrderItems = pgTable(
  'inbound_order_items',
  {
    id: id(),
    orderId: ref('order_id')
      .notNull()
      .references(() => inboundOrders.id, { onDelete: 'cascade' }),
    productId: ref('product_id')
      .notNull()
      .references(() => products.id),
    /** The batch the quantity went into: set by the approval. */
    batchId: ref('batch_id').references(() => stockBatches.id),
    batchNo: text('batch_no').notNull(),
    productionDate: date('production_date', { mode: 'string' }),
    expiryDate: date('expiry_date', { mode: 'string' }).notNull(),
    quantity: integer('quantity').notNull(),
    unitCost: money('unit_cost').notNull(),
  },
  (t) => [
    index('inbound_order_items_order_idx').on(t.orderId, t.id),
    index('inbound_order_items_batch_idx').on(t.batchId),
    index('inbound_order_items_product_idx').on(t.productId),
    check('inbound_order_items_quantity_check', sql`${t.quantity} > 0`),
    check('inbound_order_items_unit_cost_check', sql`${t.unitCost} >= 0`),
  ],
)

export const ORDER_KINDS = ['out_apply', 'special_care', 'inbound', 'import'] as const
export type OrderKind = (typeof ORDER_KINDS)[number]

/**
 * Every change of a batch's quantity: an approval of an outbound order takes an item's quantity out
 * (delta < 0), of an inbound order puts it in, a reversal undoes it. One movement per item and
 * action, so that nothing moves twice.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id),
    batchId: ref('batch_id')
      .notNull()
      .references(() => stockBatches.id),
    delta: integer('delta').notNull(),
    orderKind: text('order_kind', { enum: ORDER_KINDS }).notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    /** The order's item (out_apply_items, special_care_items or inbound_order_items, by order_kind); an import's: the batch it created. */
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    action: text('action', { enum: ['approve', 'reverse'] }).notNull(),
    at: at('at').notNull().defaultNow(),
    by: ref('by')
      .notNull()
      .references(() => accounts.id),
  },
  (t) => [
    uniqueIndex('stock_movements_item_action_idx').on(t.orderKind, t.itemId, t.action),
    index('stock_movements_batch_idx').on(t.batchId, t.at),
    index('stock_movements_order_idx').on(t.orderKind, t.orderId),
    check('stock_movements_delta_check', sql`${t.delta} <> 0`),
  ],
)

export { IMPORT_KINDS }
export type ImportKind = (typeof IMPORT_KINDS)[number]

/**
 * A spreadsheet imported into the site (all its rows or none), and the rows as they were checked:
 * what the batches of an opening stock were bought at is kept here.
 */
export const imports = pgTable(
  'imports',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id),
    kind: text('kind', { enum: IMPORT_KINDS }).notNull(),
    fileName: text('file_name').notNull(),
    rowCount: integer('row_count').notNull(),
    rows: jsonb('rows').$type<Record<string, unknown>[]>().notNull(),
    by: ref('by')
      .notNull()
      .references(() => accounts.id),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('imports_site_at_idx').on(t.siteId, t.at.desc())],
)

// disable, enable, resetPassword: a staff account; retire, restore: a list entry (a room, a product,
// …) taken out of use or back into it; checkIn, checkOut: a mother's stay begun or ended;
// approveOwn, rejectOwn, reverseOwn: an order checked by its own maker, as the site's
// creator_may_approve lets her.
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'approve',
  'reject',
  'reverse',
  'approveOwn',
  'rejectOwn',
  'reverseOwn',
  'disable',
  'enable',
  'resetPassword',
  'retire',
  'restore',
  'checkIn',
  'checkOut',
  'undoCheckOut',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/**
 * Who did what to which record, written in the transaction of the change. `request_id` is the
 * app's id of a save: a retried save with one finds it here and changes nothing.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    /** The table of the changed row, e.g. form_records. */
    entity: text('entity').notNull(),
    entityId: bigint('entity_id', { mode: 'number' }).notNull(),
    requestId: text('request_id'),
    /** The HTTP request that made the change: its x-request-id, as in the server's log lines. */
    httpRequestId: text('http_request_id'),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_site_at_idx').on(t.siteId, t.at.desc()),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    uniqueIndex('audit_log_site_request_idx').on(t.siteId, t.requestId),
  ],
)

/** The kinds of saved record a reply or a PDF link hands out: form records, rules acknowledgements, orders. */
export const RECORD_KINDS = ['record', 'answer', 'outApply', 'specialCare', 'inbound'] as const
export type RecordKind = (typeof RECORD_KINDS)[number]

/** What the access log records reads of: a saved record, or a mother's file (customer/timeline). */
export const ACCESS_KINDS = [...RECORD_KINDS, 'customer'] as const

export const ACCESS_ACTIONS = ['read', 'pdf', 'export'] as const
export type AccessAction = (typeof ACCESS_ACTIONS)[number]

/**
 * Who opened which records holding a mother's ID number, photos or signatures, read in a reply or
 * exported as a PDF: written before the reply goes, so that no such read goes unrecorded. One entry
 * per reply names every record it handed out, in the four arrays of the same length: the record's
 * customer, kind, id and form name (its lines, as a manager reads them).
 *
 * Its site, account and customers are not foreign keys: an entry is written on every read of her
 * file, and a foreign key's check locks the site's, the account's and her row for each one, so that
 * the site's reads queue on one another. Its writers take them from the session and from the rows
 * they have just read, and no route deletes a site, an account or a customer.
 */
export const accessLog = pgTable(
  'access_log',
  {
    id: id(),
    siteId: ref('site_id').notNull(),
    accountId: ref('account_id').notNull(),
    /** The customer each record belongs to; null for a record of the site. */
    customerIds: bigint('customer_ids', { mode: 'number' }).array().$type<(number | null)[]>().notNull(),
    kinds: text('kinds', { enum: ACCESS_KINDS }).array().notNull(),
    recordIds: bigint('record_ids', { mode: 'number' }).array().notNull(),
    /** Each record's form name (stored data, as form_records.name), so the entry reads the same after a deletion. */
    names: text('names').array().notNull(),
    action: text('action', { enum: ACCESS_ACTIONS }).notNull(),
    /** A PDF link opened: the link asked for is an entry of its own, the one printing her timeline lists. */
    linkOpened: boolean('link_opened').notNull().default(false),
    /** The HTTP request that handed the records out: its x-request-id, as in the server's log lines. */
    httpRequestId: text('http_request_id'),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [
    // Her entries are found by the customers they name, whoever else's records a list also named.
    index('access_log_customers_idx').using('gin', t.customerIds),
    // Her file's timeline lists the PDFs made of her records without reading her other entries.
    index('access_log_customer_pdf_idx')
      .using('gin', t.customerIds)
      .where(sql`${t.action} = 'pdf' and not ${t.linkOpened}`),
  ],
)

export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The stored file name in the upload store, DATA_DIR/uploads or the bucket (random, never the client's name). */
    path: text('path').notNull().unique(),
    originalName: text('original_name').notNull(),
    size: integer('size').notNull(),
    mime: text('mime').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('uploads_site_created_idx').on(t.siteId, t.createdAt)],
)
