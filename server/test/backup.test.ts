import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, it } from 'node:test'
import pg from 'pg'
import { startApp } from './helpers.js'

// PostgreSQL is backed up with its own tools: the commands of docs/backups.md, run on a database of
// the test's own (the other test files write to theirs meanwhile), find every row of every table.
const url = process.env.DATABASE_URL

/** PostgreSQL's programs: PG_BIN, or the newest installed (Debian's layout), as scripts/test.sh finds them. */
function pgBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN
  const root = '/usr/lib/postgresql'
  const newest =
    readdirSync(root)
      .sort((a, b) => Number(a) - Number(b))
      .at(-1) ?? ''
  return path.join(root, newest, 'bin')
}

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
  }
})

it(
  'restores with pg_restore a dump of pg_dump, every row of every table',
  { skip: !url && 'PostgreSQL only' },
  async () => {
    const bin = pgBin()
    assert.ok(existsSync(path.join(bin, 'pg_dump')), `pg_dump in ${bin}`)
    await admin(`create database ${name}`)
    // The schema and the demo data, as a centre's database has them.
    const app = await startApp({ databaseUrl: urlOf(name) })
    await app.close()

    const dump = path.join(work, 'yuezi.dump')
    execFileSync(path.join(bin, 'pg_dump'), ['--format=custom', `--file=${dump}`, urlOf(name)])
    await admin(`create database ${name}_restored`)
    execFileSync(path.join(bin, 'pg_restore'), [
      '--no-owner',
      '--exit-on-error',
      `--dbname=${urlOf(`${name}_restored`)}`,
      dump,
    ])

    const source = await tableDigests(urlOf(name))
    assert.ok(Number(source['public.form_records'].split(' ')[0]) > 0, 'the demo data has form records')
    assert.deepEqual(await tableDigests(urlOf(`${name}_restored`)), source)
  },
)
