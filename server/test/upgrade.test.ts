import assert from 'node:assert/strict'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import { gunzipSync } from 'node:zlib'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { sql } from 'drizzle-orm'
import { buildApp } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import { listAccessLog } from '../src/services/accessLog.js'
import { call, login } from './helpers.js'

// A centre upgrading keeps its embedded database: the database each release wrote
// (scripts/releaseDatabase.mjs) is opened by this code, which migrates it at start.

const releasesDir = fileURLToPath(new URL('./fixtures/releases/', import.meta.url))
const releases = readdirSync(releasesDir).filter((name) => name.endsWith('.sql.gz'))
/** Rows meant to go once they expire (sign-ins, login attempts): a start may sweep them. */
const EXPIRING = new Set(['public.sessions', 'public.rate_limits'])

type Query = (text: string) => Promise<Record<string, unknown>[]>

/**
 * The columns a migration changed, by table: each old column's value as the new column holds it, and
 * that column's name (each access log row became an entry that names one record).
 */
const CHANGED: Record<string, Record<string, [string, string]>> = {
  'public.access_log': {
    customer_id: ['array[customer_id]', 'customer_ids'],
    kind: ['array[kind]', 'kinds'],
    record_id: ['array[record_id]', 'record_ids'],
    name: ['array[name]', 'names'],
  },
}

/** Each table's columns (as read now, and as read after the upgrade) and a digest of each of its rows over them. */
async function snapshot(query: Query) {
  const tables = await query(
    `select table_schema || '.' || table_name as name,
            array_agg(quote_ident(column_name) order by ordinal_position) as columns
     from information_schema.columns
     where table_schema in ('public', 'drizzle') group by 1 order by 1`,
  )
  const rows = new Map<string, { upgraded: string; digests: string[] }>()
  for (const { name, columns } of tables as { name: string; columns: string[] }[]) {
    const changed = CHANGED[name] ?? {}
    const now = columns.map((column) => changed[column]?.[0] ?? column).join(', ')
    const upgraded = columns.map((column) => changed[column]?.[1] ?? column).join(', ')
    rows.set(name, { upgraded, digests: await digests(query, name, now) })
  }
  return rows
}

async function digests(query: Query, table: string, columns: string): Promise<string[]> {
  const rows = await query(`select md5(row(${columns})::text) as digest from ${table} order by 1`)
  return rows.map((row) => row.digest as string)
}

const dirs: string[] = []
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('upgrading a centre’s embedded database', () => {
  assert.ok(releases.length > 0, 'a release database to upgrade from')
  for (const release of releases) {
    it(`${release}: migrated by this code, every row is still there and staff sign in`, async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'yuezi-upgrade-'))
      dirs.push(dataDir)
      const folder = path.join(dataDir, 'pglite')
      const loading = new PGlite(folder, { extensions: { pg_trgm } })
      await loading.exec(gunzipSync(readFileSync(path.join(releasesDir, release))).toString('utf8'))
      await loading.close()
      // A fresh connection: the dump leaves its session with an empty search path.
      const reading = new PGlite(folder, { extensions: { pg_trgm } })
      const before = await snapshot(async (text) => (await reading.query<Record<string, unknown>>(text)).rows)
      const { rows: accessed } = await reading.query<{ site_id: number; customer_id: number; record_id: number }>(
        'select site_id, customer_id, record_id from access_log where customer_id is not null',
      )
      await reading.close()
      assert.ok((before.get('public.form_records')?.digests.length ?? 0) > 0, 'the release wrote form records')

      const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SEED: '0' })
      const app = await buildApp({ ...config, logLevel: 'silent' })
      try {
        const query: Query = async (text) =>
          ((await app.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows
        for (const [table, { upgraded, digests: old }] of before) {
          if (EXPIRING.has(table)) continue
          const now = await digests(query, table, upgraded)
          const kept = new Set(now)
          const lost = old.filter((digest) => !kept.has(digest))
          assert.equal(lost.length, 0, `${table}: ${lost.length} of ${old.length} rows lost or changed`)
        }
        const token = await login(app, 'demo', 'demo1234')
        const customers = await call(app, '/api/care/customer/index', { page: 1, limit: 5 }, { token })
        assert.equal(customers.code, 1, customers.msg)
        assert.ok(customers.res.list.length > 0, 'her mothers are listed')
        // Her access log still lists what was read of hers before the upgrade.
        for (const entry of accessed) {
          const manager = { siteId: Number(entry.site_id), canAdminister: true }
          const read = { customerId: Number(entry.customer_id), page: 1, limit: 100 }
          const { list } = await listAccessLog(app.db, manager, read)
          assert.ok(list.some((line) => line.record_id === Number(entry.record_id)))
        }
        assert.ok(accessed.length > 0, 'the release wrote access log entries')
        // A one-time password made before the upgrade counts its hours from the upgrade, not from when it was made.
        const waiting = await call(app, '/api/care/account/login_old', { account: 'newstaff', password: 'temp1234' })
        assert.equal(waiting.code, -90004, waiting.msg)
      } finally {
        await app.close()
      }
    })
  }
})
