import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { and, eq, sql } from 'drizzle-orm'
import { buildApp, type BuildOptions } from '../src/app.js'
import { loadConfig, type Config } from '../src/config.js'
import {
  accessLog,
  babies,
  customers,
  products,
  sites,
  stayPackages,
  stays,
  stockBatches,
  type ACCESS_KINDS,
} from '../src/db/schema.js'
import { seedSiteLists } from '../src/demo/seed.js'
import { seedSiteStock } from '../src/demo/stock.js'
import { addDays, centreToday, DEFAULT_ZONE } from '../src/lib/dates.js'
import { hashPassword } from '../src/lib/password.js'
import { createAccount } from '../src/repositories/accounts.js'
import type { Db } from '../src/db/types.js'

/**
 * An app on the database the environment names (scripts/test.sh: a throwaway PostgreSQL, then a
 * temporary PGlite); without DATA_DIR, a fresh PGlite in a temporary folder.
 */
export function startApp(overrides: Partial<Config> = {}, options: BuildOptions = {}): Promise<FastifyInstance> {
  const dataDir = process.env.DATA_DIR ?? tempDir('yuezi-test-')
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, SEED: '1' })
  // Tests log in and open PDFs far more often than people do; the rate limits have their own tests.
  return buildApp(
    {
      ...config,
      logLevel: 'silent',
      loginRateMax: 10_000,
      loginRateAddressMax: 10_000,
      pdfRateMax: 10_000,
      resetPasswordRateMax: 10_000,
      importRateMax: 10_000,
      uploadRateMax: 10_000,
      // A test sweeps the uploads when it is about that (uploadLinks.test.ts).
      uploadSweepHours: 0,
      // A check runs before each backup and when a test asks (integrity.test.ts).
      integrityCheckHours: 0,
      // A test deletes old log entries when it is about that (retention.test.ts).
      retention: { ...config.retention, sweepHours: 0 },
      ...overrides,
    },
    options,
  )
}

/**
 * An app beside the file's own, open at the same time: on PostgreSQL on the same database; on the
 * embedded engine, whose folder takes one opener, on a fresh folder of its own.
 */
export function startAppBeside(overrides: Partial<Config> = {}, options: BuildOptions = {}): Promise<FastifyInstance> {
  if (process.env.DATABASE_URL) return startApp(overrides, options)
  return startApp({ ...overrides, dataDir: tempDir('yuezi-beside-') }, options)
}

const tempDirs: string[] = []

/** A new temporary folder, deleted when the process exits (one listener for all: a file may start many apps). */
function tempDir(prefix: string): string {
  if (!tempDirs.length)
    process.on('exit', () => tempDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix))
  tempDirs.push(dir)
  return dir
}

export interface Reply {
  code: number
  msg: string
  res: any
}

export async function call(
  app: FastifyInstance,
  url: string,
  body: object = {},
  headers: Record<string, string> = {},
): Promise<Reply> {
  const response = await app.inject({ method: 'POST', url, payload: body, headers })
  return response.json()
}

/** Logs in and returns the token (also after a -90004 reply, which carries one too). */
export async function login(app: FastifyInstance, account: string, password: string, siteId?: number): Promise<string> {
  const reply = await call(app, '/api/care/account/login_old', { account, password, site_id: siteId })
  if (!reply.res?.token) throw new Error(`login of ${account} failed: ${reply.code} ${reply.msg}`)
  return reply.res.token
}

/** A new account of its own, so that a test may change it without disturbing the others. */
export async function addAccount(
  app: FastifyInstance,
  { password = 'start1234', mustChangePassword = false, canApprove = false, canAdminister = false, siteIds = [1] } = {},
): Promise<{ account: string; password: string }> {
  const account = `t-${randomUUID().slice(0, 8)}`
  await createAccount(app.db, {
    account,
    name: '测试员工',
    passwordHash: await hashPassword(password),
    mustChangePassword,
    canApprove,
    canAdminister,
    siteIds,
  })
  return { account, password }
}

export interface TestCustomer {
  id: number
  name: string
  phone: string
  room: string
  delivery_date: string
  babies: { id: number; birth_date: string }[]
  /** Her stay's package (a stay package of the site's demo list). */
  stay_package_id: number
}

export interface TestSite {
  siteId: number
  /** A staff member of the site, logged in. */
  token: string
  accountId: number
  customers: TestCustomer[]
}

const CUSTOMER_NAMES = ['林晓雯', '苏婉清', '高若曦', '程海燕']

/**
 * A site of its own, with its rooms, departments, check-in rules and stock (as the demo data makes
 * them), four customers in house in rooms 801–804 (the first with twins), in `timeZone` (default the demo
 * sites' zone), at `location` (default none: sign-ins get no distance), and a logged-in staff
 * member who may approve orders: counts and totals in it are the test's alone, whatever other test
 * files do at the same time.
 */
export async function addSite(
  app: FastifyInstance,
  {
    timeZone = DEFAULT_ZONE.timeZone,
    location,
  }: { timeZone?: string; location?: { latitude: number; longitude: number; radius?: number } } = {},
): Promise<TestSite> {
  // One transaction: the demo seeding of another test file's app never sees the site without its lists.
  const site = await app.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(sites)
      .values({ name: `测试门店-${randomUUID().slice(0, 8)}`, timeZone, ...location })
      .returning({ id: sites.id })
    await seedSiteLists(tx, created.id)
    await seedSiteStock(tx, created.id)
    return created
  })
  const [stayPackage] = await app.db
    .select({ id: stayPackages.id })
    .from(stayPackages)
    .where(and(eq(stayPackages.siteId, site.id), eq(stayPackages.days, 28)))
  const today = centreToday(DEFAULT_ZONE)
  const made: TestCustomer[] = []
  for (const [i, name] of CUSTOMER_NAMES.entries()) {
    const deliveryDate = addDays(today, -(10 + i))
    const [customer] = await app.db
      .insert(customers)
      .values({
        siteId: site.id,
        name,
        phone: `139${String(site.id % 10_000).padStart(4, '0')}${String(i).padStart(4, '0')}`,
        room: String(801 + i),
        deliveryDate,
      })
      .returning({ id: customers.id, name: customers.name, phone: customers.phone, room: customers.room })
    await app.db.insert(stays).values({
      siteId: site.id,
      customerId: customer.id,
      kind: 'month',
      checkInDate: addDays(deliveryDate, 3),
      plannedDays: 28,
      room: customer.room,
      packageId: stayPackage.id,
      status: 'in_house',
    })
    const kids = await app.db
      .insert(babies)
      .values(
        Array.from({ length: i === 0 ? 2 : 1 }, (_, k) => ({
          customerId: customer.id,
          name: `宝宝${k + 1}`,
          sex: k === 0 ? ('female' as const) : ('male' as const),
          birthDate: deliveryDate,
          birthWeight: 3100,
        })),
      )
      .returning({ id: babies.id, birth_date: babies.birthDate })
    made.push({ ...customer, delivery_date: deliveryDate, babies: kids, stay_package_id: stayPackage.id })
  }
  // The site's manager: she approves and administers.
  const { account, password } = await addAccount(app, { siteIds: [site.id], canApprove: true, canAdminister: true })
  const token = await login(app, account, password)
  const accountId = (await call(app, '/api/care/account/info', {}, { token })).res.id
  return { siteId: site.id, token, accountId, customers: made }
}

const approvers = new WeakMap<FastifyInstance, Map<number, Promise<{ token: string; accountId: number }>>>()

/**
 * Another staff member of the site with the approve right, logged in (one a site): who approves
 * and rejects the orders its staff member makes, since nobody checks her own.
 */
export function approverOf(app: FastifyInstance, site: TestSite): Promise<{ token: string; accountId: number }> {
  if (!approvers.has(app)) approvers.set(app, new Map())
  const ofApp = approvers.get(app)!
  if (!ofApp.has(site.siteId)) {
    ofApp.set(
      site.siteId,
      (async () => {
        const { account, password } = await addAccount(app, { siteIds: [site.siteId], canApprove: true })
        const token = await login(app, account, password)
        return { token, accountId: (await call(app, '/api/care/account/info', {}, { token })).res.id }
      })(),
    )
  }
  return ofApp.get(site.siteId)!
}

/** What forms of the stock may refer to: a product of the site with a batch that can be chosen, and a gift type. */
export interface StockRefs {
  productId: number
  batchId: number
  giftTypeId: number
}

export async function stockRefs(app: FastifyInstance, token: string): Promise<StockRefs> {
  const products = (await call(app, '/api/care/index/productList', { limit: 100 }, { token })).res.list
  const product = products.find((p: { stock: number }) => p.stock > 0)
  const [batch] = (await call(app, '/api/care/inoutstore/getProductBatch', { product_id: product.id }, { token })).res
  const [giftType] = (await call(app, '/api/care/index/giftTypeList', {}, { token })).res
  return { productId: product.id, batchId: batch.id, giftTypeId: giftType.id }
}

/** A product of the site with batches that expire `expiresIn` days from today (negative: expired), in the order given. */
export async function addProduct(
  app: FastifyInstance,
  siteId: number,
  {
    name = `测试物品-${randomUUID().slice(0, 6)}`,
    price = '10.00',
    batches = [] as { expiresIn: number; quantity: number }[],
  } = {},
): Promise<{ productId: number; name: string; batches: { id: number; batchNo: string }[] }> {
  const [product] = await app.db
    .insert(products)
    .values({ siteId, name, spec: '测试规格', unit: '个', price, category: '测试' })
    .returning({ id: products.id })
  const today = centreToday(DEFAULT_ZONE)
  const made = batches.length
    ? await app.db
        .insert(stockBatches)
        .values(
          batches.map((batch, i) => ({
            siteId,
            productId: product.id,
            batchNo: `T${product.id}-${i + 1}`,
            productionDate: addDays(today, -400),
            expiryDate: addDays(today, batch.expiresIn),
            quantity: batch.quantity,
          })),
        )
        .returning({ id: stockBatches.id, batchNo: stockBatches.batchNo })
    : []
  return { productId: product.id, name, batches: made }
}

/** A batch's quantity on hand now. */
export async function stockOf(app: FastifyInstance, batchId: number): Promise<number> {
  const [batch] = await app.db
    .select({ quantity: stockBatches.quantity })
    .from(stockBatches)
    .where(eq(stockBatches.id, batchId))
  return batch.quantity
}

/** A 2×1 half-transparent png, as the server keeps it (uploading it stores the same bytes). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADklEQVQImWMQERFpAGEABWEBee9hnJYAAAAASUVORK5CYII=',
  'base64',
)

/** POSTs `content` to /api/admin/oss/upload (or another upload route) as the multipart field `file`; answers the reply. */
export function uploadFile(
  app: FastifyInstance,
  fileName: string,
  content: Buffer,
  headers: Record<string, string> = {},
  url = '/api/admin/oss/upload',
) {
  const boundary = '----yuezi-test'
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  })
}

/** A reply's values with each signed link of an upload back to the reference the record keeps (`/uploads/<name>`). */
export const withReferences = <T>(value: T): T =>
  JSON.parse(JSON.stringify(value).replace(/"[^"]*?(\/uploads\/[\w.-]+)\?link=[\w.-]+"/g, '"$1"')) as T

/** What a record keeps of a photo or signature a reply handed out as a signed link: `/uploads/<name>`. */
export const referenceOf = (url: string): string => new URL(url, 'http://localhost').pathname

/**
 * The access log's lines, one per record an entry names, with that record's customer, kind, id and
 * name beside its entry's columns: a subquery to select from as from a table (`id`, then `n`, in the
 * order written).
 */
export const accessLines = (db: Db) =>
  db
    .select({
      id: accessLog.id,
      siteId: accessLog.siteId,
      accountId: accessLog.accountId,
      customerId: sql<number | null>`r.customer_id`.mapWith(Number).as('customer_id'),
      kind: sql<(typeof ACCESS_KINDS)[number]>`r.kind`.as('kind'),
      recordId: sql<number>`r.record_id`.mapWith(Number).as('record_id'),
      name: sql<string>`r.name`.as('name'),
      n: sql<number>`r.n`.mapWith(Number).as('n'),
      action: accessLog.action,
      linkOpened: accessLog.linkOpened,
      httpRequestId: accessLog.httpRequestId,
      at: accessLog.at,
    })
    .from(accessLog)
    .crossJoin(
      sql`unnest(${accessLog.customerIds}, ${accessLog.kinds}, ${accessLog.recordIds}, ${accessLog.names})
        with ordinality as r(customer_id, kind, record_id, name, n)`,
    )
    .as('lines')

/** What a line tells: who read whose record, which one, how, in which request. */
export const lineOf = (lines: ReturnType<typeof accessLines>) => ({
  accountId: lines.accountId,
  customerId: lines.customerId,
  kind: lines.kind,
  recordId: lines.recordId,
  name: lines.name,
  action: lines.action,
  httpRequestId: lines.httpRequestId,
})
