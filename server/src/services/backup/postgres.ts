import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { countRows, type Snapshot } from '../../db/index.js'

/** A PostgreSQL database that is not empty: a restore or a move fills an empty one only. */
export class TargetNotEmpty extends Error {}

/** A client program of PostgreSQL's (pg_dump, pg_restore): PG_BIN's when set, else the one on PATH. */
const program = (name: string) => (process.env.PG_BIN ? path.join(process.env.PG_BIN, name) : name)

/** The URL without its password, which goes to the program in its environment (never on a command line `ps` shows). */
function connection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl)
  const password = decodeURIComponent(url.password)
  url.password = ''
  return { url: url.toString(), env: { ...process.env, ...(password && { PGPASSWORD: password }) } }
}

/** Runs a client program and answers what it wrote; its own words when it fails. */
function run(name: string, args: string[], env: NodeJS.ProcessEnv): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(program(name), args, { env, stdio: ['ignore', 'pipe', 'pipe'] })
    const out: Buffer[] = []
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(`${name} not found: apt-get install postgresql-client (or set PG_BIN)`)
          : error,
      ),
    )
    child.on('close', (code) =>
      code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`${name} failed (${code}): ${err.trim()}`)),
    )
  })
}

async function connect(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  return client
}

/**
 * The database as pg_dump's custom format and each table's row count, both read in one snapshot:
 * the counts are exactly what the dump holds, while the server serves on.
 */
export async function snapshotPostgres(databaseUrl: string): Promise<Snapshot> {
  const client = await connect(databaseUrl)
  try {
    await client.query('begin isolation level repeatable read read only')
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot')
    const counts = await countRows((sql) => client.query(sql))
    const { url, env } = connection(databaseUrl)
    const dump = await run(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${rows[0].snapshot}`, `--dbname=${url}`],
      env,
    )
    await client.query('commit')
    return { tar: new Uint8Array(dump.buffer, dump.byteOffset, dump.byteLength), rows: counts }
  } finally {
    await client.end()
  }
}

/** Refuses a database that holds any table (extensions made by setup are no table). */
export async function assertEmpty(client: pg.Client | pg.PoolClient, shown: string) {
  const { rows } = await client.query<{ name: string }>(
    `select schemaname || '.' || tablename as name from pg_tables
      where schemaname not in ('pg_catalog', 'information_schema') order by 1 limit 3`,
  )
  if (rows.length) throw new TargetNotEmpty(`${shown} is not empty (${rows.map((row) => row.name).join(', ')})`)
}

/** What the URL names, without its password, for messages. */
export const shownUrl = (databaseUrl: string) => connection(databaseUrl).url

/**
 * Restores a dump into the empty database at `databaseUrl`, in one transaction (all of it or
 * nothing), and answers each table's row count there. Extensions are the database's own (setup
 * makes them): their entries are left out, as a database owner who is no superuser may not make them.
 */
export async function restorePostgres(dump: Uint8Array, databaseUrl: string): Promise<Record<string, number>> {
  const client = await connect(databaseUrl)
  const work = await mkdtemp(path.join(os.tmpdir(), 'yuezi-restore-'))
  try {
    await assertEmpty(client, shownUrl(databaseUrl))
    await client.query('create extension if not exists pg_trgm')
    const file = path.join(work, 'database.dump')
    await writeFile(file, dump, { mode: 0o600 })
    const { url, env } = connection(databaseUrl)
    const contents = (await run('pg_restore', ['--list', file], env)).toString()
    const list = path.join(work, 'restore.list')
    await writeFile(
      list,
      contents
        .split('\n')
        .filter((line) => !/ EXTENSION /.test(line))
        .join('\n'),
      { mode: 0o600 },
    )
    await run(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        `--use-list=${list}`,
        `--dbname=${url}`,
        file,
      ],
      env,
    )
    return await countRows((sql) => client.query(sql))
  } finally {
    await client.end()
    await rm(work, { recursive: true, force: true })
  }
}
