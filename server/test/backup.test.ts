import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, it } from 'node:test'
import pg from 'pg'
import { countRows, openDatabase } from '../src/db/index.js'
import { checkIntegrity, describeReport } from '../src/db/integrity.js'
import { checkBackup, makeBackup, restoreBackup, RestoreRefused } from '../src/services/backup/index.js'
import { snapshotPostgres } from '../src/services/backup/postgres.js'
import { openUploadStore } from '../src/services/uploads/index.js'
import { login, PNG, startApp, uploadFile } from './helpers.js'

// PostgreSQL is backed up with its own tools (pg_dump, pg_restore) inside the backup file of either
// engine, on databases of the test's own (the other test files write to theirs meanwhile); an
// embedded centre moves into PostgreSQL through the same file.
const url = process.env.DATABASE_URL

const work = mkdtempSync(path.join(os.tmpdir(), 'yuezi-pgdump-'))
const name = `yuezi_backup_${randomUUID().slice(0, 8)}`
const urlOf = (database: string) => {
  const of = new URL(url as string)
  of.pathname = `/${database}`
  return of.href
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

/** Every table of the app's schema and drizzle's, each as a digest of all its rows. */
async function tableDigests(connectionString: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString })
  await client.connect()
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables
        where schemaname in ('public', 'drizzle') order by 1`,
    )
    const digests: Record<string, string> = {}
    for (const { name: table } of tables) {
      const { rows } = await client.query<{ count: number; digest: string | null }>(
        `select count(*)::int as count, md5(string_agg(t::text, '|' order by t::text)) as digest from ${table} t`,
      )
      digests[table] = `${rows[0].count} ${rows[0].digest}`
    }
    return digests
  } finally {
    await client.end()
  }
}

after(async () => {
  rmSync(work, { recursive: true, force: true })
  if (url) {
    await admin(`drop database if exists ${name}`)
    await admin(`drop database if exists ${name}_restored`)
    await admin(`drop database if exists ${name}_moved`)
  }
})

it(
  'backs up with pg_dump, after the check, into a file that restores into an empty database with every row of every table',
  { skip: !url && 'PostgreSQL only' },
  async () => {
    await admin(`create database ${name}`)
    // The schema and the demo data, as a centre's database has them, and an upload.
    const dataDir = path.join(work, 'data')
    const app = await startApp({ databaseUrl: urlOf(name), dataDir })
    const token = await login(app, 'demo', 'demo1234')
    const uploaded = (await uploadFile(app, 'wound.png', PNG, { token })).json()
    assert.equal(uploaded.err, 0)
    const uploads = await openUploadStore({ dataDir })
    let checked = 0
    const check = async () => {
      checked++
      return checkIntegrity(app.db)
    }
    const file = await makeBackup(
      { engine: 'postgres', check, snapshot: () => snapshotPostgres(urlOf(name)), uploads },
      path.join(work, 'backups'),
    )
    await app.close()
    assert.equal(checked, 1)
    const manifest = await checkBackup(file)
    assert.equal(manifest.engine, 'postgres')
    assert.ok(manifest.uploads.length > 0, 'the upload is in it')

    await admin(`create database ${name}_restored`)
    const restoredDir = path.join(work, 'restored')
    const target = { dataDir: restoredDir, databaseUrl: urlOf(`${name}_restored`) }
    await restoreBackup(file, { ...target, openUploads: () => openUploadStore({ dataDir: restoredDir }) })
    const source = await tableDigests(urlOf(name))
    assert.ok(Number(source['public.form_records'].split(' ')[0]) > 0, 'the demo data has form records')
    const { ['drizzle.__drizzle_migrations']: _migrations, ...restored } = await tableDigests(target.databaseUrl)
    const { ['drizzle.__drizzle_migrations']: _sourceMigrations, ...expected } = source
    assert.deepEqual(restored, expected)
    assert.deepEqual(
      readdirSync(path.join(restoredDir, 'uploads')),
      manifest.uploads.map((upload) => upload.name),
    )

    // Into a database that holds anything, nothing: not even the files.
    await assert.rejects(
      restoreBackup(file, { ...target, openUploads: () => assert.fail('no upload is written') }),
      RestoreRefused,
    )
  },
)

it(
  'moves an embedded centre into PostgreSQL: every row and upload, the sequences where they stood, a clean check',
  { skip: !url && 'PostgreSQL only' },
  async () => {
    const dataDir = path.join(work, 'embedded')
    const embedded = await startApp({ databaseUrl: undefined, dataDir })
    const token = await login(embedded, 'demo', 'demo1234')
    const uploaded = (await uploadFile(embedded, 'signature.png', PNG, { token })).json()
    assert.equal(uploaded.err, 0)
    const before = await countRows(async (sql) => (await embedded.db.execute(sql)) as never)
    await embedded.close()

    const database = await openDatabase({ dataDir }, { migrate: false })
    const uploads = await openUploadStore({ dataDir })
    const snapshot = database.snapshot as NonNullable<typeof database.snapshot>
    const check = () => checkIntegrity(database.db, { thorough: true })
    const file = await makeBackup({ engine: 'embedded', check, snapshot, uploads }, path.join(work, 'moved-backups'))
    await database.close()

    await admin(`create database ${name}_moved`)
    const moved = urlOf(`${name}_moved`)
    const manifest = await restoreBackup(file, {
      dataDir,
      databaseUrl: moved,
      openUploads: () => openUploadStore({ dataDir }),
    })
    assert.deepEqual(manifest.tables, before)
    const onPostgres = await startApp({ databaseUrl: moved, dataDir })
    try {
      const report = await checkIntegrity(onPostgres.db)
      assert.deepEqual(report.damage, [], describeReport(report))
      assert.deepEqual(await countRows(async (sql) => (await onPostgres.db.execute(sql)) as never), before)
      // The same sign-in, the same upload, and new rows numbered after the moved ones.
      const again = await login(onPostgres, 'demo', 'demo1234')
      // With the session's token: a link signed before the move was signed by the embedded server's secret.
      const { pathname } = new URL(uploaded.data.url)
      const served = await onPostgres.inject({ method: 'GET', url: pathname, headers: { token: again } })
      assert.equal(served.statusCode, 200)
      assert.deepEqual(served.rawPayload, PNG)
      const next = (await uploadFile(onPostgres, 'next.png', PNG, { token: again })).json()
      assert.equal(next.err, 0)
      assert.notEqual(next.data.url, uploaded.data.url)
    } finally {
      await onPostgres.close()
    }
  },
)
