import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { babies, customers, sites } from '../src/db/schema.js';
import { seedSiteLists } from '../src/db/seed.js';
import { addDays, shanghaiToday } from '../src/lib/dates.js';
import { hashPassword } from '../src/lib/password.js';
import { createAccount } from '../src/repositories/accounts.js';

/**
 * An app on the database the environment names (scripts/test.sh: a throwaway PostgreSQL, then a
 * temporary PGlite); without DATA_DIR, a fresh PGlite in a temporary folder.
 */
export function startApp(overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  let dataDir = process.env.DATA_DIR;
  if (!dataDir) {
    const tempDir = mkdtempSync(path.join(os.tmpdir(), 'yuezi-test-'));
    process.on('exit', () => rmSync(tempDir, { recursive: true, force: true }));
    dataDir = tempDir;
  }
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, SEED: '1' });
  // Tests log in far more often than people do; the rate limit has its own test.
  return buildApp({ ...config, logLevel: 'silent', loginRateMax: 10_000, ...overrides });
}

export interface Reply {
  code: number;
  msg: string;
  res: any;
}

export async function call(
  app: FastifyInstance,
  url: string,
  body: object = {},
  headers: Record<string, string> = {},
): Promise<Reply> {
  const response = await app.inject({ method: 'POST', url, payload: body, headers });
  return response.json();
}

/** Logs in and returns the token (also after a -90004 reply, which carries one too). */
export async function login(app: FastifyInstance, account: string, password: string, siteId?: number): Promise<string> {
  const reply = await call(app, '/api/care/account/login_old', { account, password, site_id: siteId });
  if (!reply.res?.token) throw new Error(`login of ${account} failed: ${reply.code} ${reply.msg}`);
  return reply.res.token;
}

/** A new account of its own, so that a test may change it without disturbing the others. */
export async function addAccount(
  app: FastifyInstance,
  { password = 'start1234', mustChangePassword = false, siteIds = [1] } = {},
): Promise<{ account: string; password: string }> {
  const account = `t-${randomUUID().slice(0, 8)}`;
  await createAccount(app.db, {
    account,
    name: '测试员工',
    passwordHash: await hashPassword(password),
    mustChangePassword,
    siteIds,
  });
  return { account, password };
}

export interface TestCustomer {
  id: number;
  name: string;
  phone: string;
  room: string;
  delivery_date: string;
  babies: { id: number; birth_date: string }[];
}

export interface TestSite {
  siteId: number;
  /** A staff member of the site, logged in. */
  token: string;
  accountId: number;
  customers: TestCustomer[];
}

const CUSTOMER_NAMES = ['林晓雯', '苏婉清', '高若曦', '程海燕'];

/**
 * A site of its own, with its rooms, departments and check-in rules (as the seed makes them), four
 * customers in rooms 801–804 (the first with twins) and a logged-in staff member: counts and totals
 * in it are the test's alone, whatever other test files do at the same time.
 */
export async function addSite(app: FastifyInstance): Promise<TestSite> {
  const [site] = await app.db.insert(sites).values({ name: `测试门店-${randomUUID().slice(0, 8)}` }).returning({ id: sites.id });
  await seedSiteLists(app.db, site.id);
  const today = shanghaiToday();
  const made: TestCustomer[] = [];
  for (const [i, name] of CUSTOMER_NAMES.entries()) {
    const deliveryDate = addDays(today, -(10 + i));
    const [customer] = await app.db
      .insert(customers)
      .values({
        siteId: site.id,
        name,
        phone: `139${String(site.id % 10_000).padStart(4, '0')}${String(i).padStart(4, '0')}`,
        room: String(801 + i),
        deliveryDate,
        checkInDate: addDays(deliveryDate, 3),
      })
      .returning({ id: customers.id, name: customers.name, phone: customers.phone, room: customers.room });
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
      .returning({ id: babies.id, birth_date: babies.birthDate });
    made.push({ ...customer, delivery_date: deliveryDate, babies: kids });
  }
  const { account, password } = await addAccount(app, { siteIds: [site.id] });
  const token = await login(app, account, password);
  const accountId = (await call(app, '/api/care/account/info', {}, { token })).res.id;
  return { siteId: site.id, token, accountId, customers: made };
}
