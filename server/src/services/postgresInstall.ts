import { execFileSync, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import pg from 'pg'

/** How setup reaches a PostgreSQL it may create roles and databases on. */
export type PostgresAdmin =
  /** A superuser's URL (any database of the server: `postgres` is there on every one). */
  | { url: string }
  /** This machine's PostgreSQL as its `postgres` account, over the local socket (setup run as root). */
  | { local: { port: number } }

/** The centre's database could not be made: the words say what to do. */
export class PostgresUnavailable extends Error {}

const isRoot = () => process.getuid?.() === 0

/** An SQL identifier or literal, quoted. */
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`

/** Runs statements as the administrator, on `database`. */
async function asAdmin(admin: PostgresAdmin, database: string, statements: string[]): Promise<void> {
  if ('url' in admin) {
    const url = new URL(admin.url)
    url.pathname = `/${database}`
    const client = new pg.Client({ connectionString: url.toString() })
    await client.connect()
    try {
      for (const statement of statements) await client.query(statement)
    } finally {
      await client.end()
    }
    return
  }
  for (const statement of statements) {
    const run = spawnSync(
      'runuser',
      [
        '-u',
        'postgres',
        '--',
        'psql',
        '-X',
        '-q',
        '-v',
        'ON_ERROR_STOP=1',
        '-p',
        String(admin.local.port),
        '-d',
        database,
        '-c',
        statement,
      ],
      { encoding: 'utf8', cwd: '/' },
    )
    if (run.status !== 0) throw new PostgresUnavailable(`PostgreSQL refused it: ${run.stderr.trim()}`)
  }
}

/**
 * This machine's PostgreSQL, for setup run as root: Debian's package installed when it is missing,
 * its cluster started when it is down. Answers the port it listens on.
 */
export function localPostgres(): { port: number } {
  if (!isRoot())
    throw new PostgresUnavailable(
      "No DATABASE_URL: run setup as root to create the centre on this machine's PostgreSQL " +
        "(apt-get install postgresql), give --postgres-admin <a superuser's URL>, set DATABASE_URL, " +
        'or choose --embedded for a very small centre',
    )
  if (!existsSync('/usr/bin/pg_lsclusters')) {
    console.log('Installing PostgreSQL (apt-get install postgresql)…')
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'postgresql'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    })
  }
  const clusters = execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split(/\s+/))
  const [version, name, port, status] = clusters.at(-1) ?? []
  if (!version)
    throw new PostgresUnavailable('PostgreSQL is installed but has no cluster: pg_createcluster, then setup again')
  if (status !== 'online') execFileSync('pg_ctlcluster', [version, name, 'start'], { stdio: 'inherit' })
  return { port: Number(port) }
}

/**
 * Creates the centre's role and database (the role owns it and is no superuser), with the
 * extensions the schema and the integrity check need, and answers its DATABASE_URL.
 */
export async function createCentreDatabase(admin: PostgresAdmin, name: string): Promise<string> {
  const password = randomBytes(24).toString('base64url')
  try {
    await asAdmin(admin, 'postgres', [
      `create role ${ident(name)} login password ${literal(password)}`,
      `create database ${ident(name)} owner ${ident(name)} encoding 'UTF8' template template0`,
    ])
    // amcheck's functions are the superuser's until granted: the centre's daily check runs them.
    await asAdmin(admin, name, [
      'create extension if not exists pg_trgm',
      'create extension if not exists amcheck',
      `grant execute on all functions in schema public to ${ident(name)}`,
    ])
  } catch (error) {
    if (error instanceof PostgresUnavailable) throw error
    throw new PostgresUnavailable(`PostgreSQL refused it: ${(error as Error).message}`)
  }
  const host = 'url' in admin ? new URL(admin.url).hostname : '127.0.0.1'
  const port = 'url' in admin ? new URL(admin.url).port || '5432' : String(admin.local.port)
  return `postgresql://${name}:${password}@${host}:${port}/${name}`
}
