import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { DataFolderInUse, openEmbedded } from '../src/db/index.js'
import { checkIntegrity, describeReport } from '../src/db/integrity.js'
import type { Db } from '../src/db/types.js'
import { Code } from '../src/errors.js'
import { DatabaseDamaged, makeBackup } from '../src/services/backup/index.js'
import { addAccount, addSite, call, login, startApp } from './helpers.js'

// The database kept whole: one opener per data folder (two handles on one folder once held a
// primary key twice), and PostgreSQL's checker finding what a bypassed index leaves behind.

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const temporary = (prefix: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix))
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }))
  return dir
}

let app: FastifyInstance
before(async () => {
  app = await startApp()
})
after(() => app.close())

/**
 * A table of this test's own with a row its primary key's index misses: written while the index
 * was marked not ready, as a second handle on the folder could leave it. Answers the drop.
 */
async function plantMissedRow(db: Db, table: string): Promise<() => Promise<void>> {
  await db.execute(sql.raw(`create table ${table} (id int primary key, note text)`))
  await db.execute(sql.raw(`insert into ${table} select n, 'kept' from generate_series(1, 50) n`))
  const index = sql.raw(`'${table}_pkey'::regclass`)
  await db.execute(sql`update pg_index set indisready = false where indexrelid = ${index}`)
  await db.execute(sql.raw(`insert into ${table} values (51, 'missed by its index')`))
  await db.execute(sql`update pg_index set indisready = true where indexrelid = ${index}`)
  return async () => {
    await db.execute(sql.raw(`drop table ${table}`))
  }
}

describe('integrity check', () => {
  it('finds every index and table clean on a database in use', async () => {
    const report = await checkIntegrity(app.db)
    assert.deepEqual(report.damage, [], describeReport(report))
    assert.ok(report.indexes > 50 && report.tables > 30, describeReport(report))
  })

  it('finds a row its index misses, and names the index', async () => {
    const table = `integrity_probe_${process.pid}`
    const drop = await plantMissedRow(app.db, table)
    try {
      const report = await checkIntegrity(app.db)
      assert.deepEqual(
        report.damage.map(({ kind, relation }) => ({ kind, relation })),
        [{ kind: 'index', relation: `public.${table}_pkey` }],
      )
      assert.match(report.damage[0].detail, /lacks matching index tuple/)
      assert.match(describeReport(report), new RegExp(`FAILED: 1 damaged.*\\n  index public\\.${table}_pkey: `))
    } finally {
      await drop()
    }
  })

  it('refuses to write a backup of a damaged database, and says why', async () => {
    const dir = temporary('yuezi-refused-backup-')
    const table = `integrity_backup_${process.pid}`
    const drop = await plantMissedRow(app.db, table)
    const snapshot = () => assert.fail('nothing is copied from a damaged database')
    try {
      await assert.rejects(
        makeBackup(
          {
            engine: 'embedded',
            check: () => checkIntegrity(app.db),
            snapshot,
            uploads: { list: async () => [] } as never,
          },
          dir,
        ),
        (error: Error) => error instanceof DatabaseDamaged && error.message.includes(`${table}_pkey`),
      )
      assert.deepEqual(readdirSync(dir), [])
    } finally {
      await drop()
    }
  })

  it("shows administrators the latest check's damage, and no one else", async () => {
    const site = await addSite(app)
    const plain = await addAccount(app, { siteIds: [site.siteId] })
    const status = async (token = site.token) => call(app, '/api/admin/site/integrity', {}, { token })
    assert.equal((await status(await login(app, plain.account, plain.password))).code, Code.FORBIDDEN)
    const table = `integrity_shown_${process.pid}`
    const drop = await plantMissedRow(app.db, table)
    try {
      await app.checkIntegrity()
    } finally {
      await drop()
    }
    const shown = await status()
    assert.equal(shown.code, Code.OK)
    assert.deepEqual(shown.res.damaged, [`public.${table}_pkey`])
    await app.checkIntegrity()
    assert.deepEqual((await status()).res.damaged, [])
  })
})

describe('one opener per data folder', { skip: !!process.env.DATABASE_URL && 'the embedded engine only' }, () => {
  it('refuses a second opener in this process, with a clear message, until the first closes', async () => {
    const dir = temporary('yuezi-one-opener-')
    const first = await openEmbedded(dir)
    await assert.rejects(openEmbedded(dir), (error: Error) => {
      assert.ok(error instanceof DataFolderInUse)
      assert.match(error.message, /is in use by this process/)
      return true
    })
    await first.close()
    const again = await openEmbedded(dir)
    await again.close()
  })

  it('refuses a second app on the folder this one holds (two handles once duplicated a primary key)', async () => {
    const held = process.env.DATA_DIR ? path.join(process.env.DATA_DIR, 'pglite') : undefined
    const dir = held ? process.env.DATA_DIR! : temporary('yuezi-two-apps-')
    const first = held ? app : await startApp({ dataDir: dir })
    try {
      await assert.rejects(startApp({ dataDir: dir }), DataFolderInUse)
    } finally {
      if (!held) await first.close()
    }
  })

  it('refuses an opener in another process while this one holds the folder', async () => {
    const dir = temporary('yuezi-other-process-')
    const held = await openEmbedded(dir)
    try {
      const other = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          '--input-type=module',
          '-e',
          `import { openEmbedded } from './src/db/index.ts'; await openEmbedded(${JSON.stringify(dir)})`,
        ],
        { cwd: SERVER, encoding: 'utf8' },
      )
      assert.notEqual(other.status, 0)
      assert.match(other.stderr, new RegExp(`is in use by process ${process.pid}`))
    } finally {
      await held.close()
    }
  })

  it("npm run check finds a planted corruption in a stopped server's folder, names it, and exits 1", async () => {
    const dataDir = temporary('yuezi-planted-')
    const { client, close } = await openEmbedded(path.join(dataDir, 'pglite'))
    const { drizzle } = await import('drizzle-orm/pglite')
    try {
      await plantMissedRow(drizzle({ client }) as unknown as Db, 'planted')
    } finally {
      await close()
    }
    const checked = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check.ts'], {
      cwd: SERVER,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
      encoding: 'utf8',
    })
    assert.equal(checked.status, 1, checked.stderr)
    assert.match(checked.stdout, /^Integrity check FAILED: 1 damaged of \d+ indexes and \d+ tables/)
    assert.match(
      checked.stdout,
      /\n {2}index public\.planted_pkey: heap tuple \(0,51\) from table "planted" lacks matching index tuple/,
    )
  })

  it('keeps a folder whole across openings: open, write, close, reopen, write, then a clean check', async () => {
    const dir = temporary('yuezi-reopened-')
    for (let opening = 0; opening < 4; opening++) {
      const { client, close } = await openEmbedded(dir)
      await client.exec('create table if not exists entries (id serial primary key, opening int, note text)')
      await client.exec(
        `insert into entries (opening, note) select ${opening}, repeat('x', 200) from generate_series(1, 300)`,
      )
      await close()
    }
    const { client, close } = await openEmbedded(dir)
    try {
      const { rows } = await client.query<{ rows: number; ids: number }>(
        'select count(*)::int as rows, count(distinct id)::int as ids from entries',
      )
      assert.deepEqual(rows[0], { rows: 1200, ids: 1200 })
    } finally {
      await close()
    }
    const { drizzle } = await import('drizzle-orm/pglite')
    const reopened = await openEmbedded(dir)
    try {
      const report = await checkIntegrity(drizzle({ client: reopened.client }) as unknown as Db, { thorough: true })
      assert.deepEqual(report.damage, [], describeReport(report))
    } finally {
      await reopened.close()
    }
  })
})
