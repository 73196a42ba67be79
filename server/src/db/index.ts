import { randomBytes } from 'node:crypto'
import { readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { amcheck } from '@electric-sql/pglite/contrib/amcheck'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import type { Config } from '../config.js'
import { makeTreePrivate, privateFolder } from '../lib/privateFiles.js'
import { folderTar } from '../services/backup/tar.js'
import type { Db } from './types.js'

/** The channel the triggers of sessions, accounts and sites tell their changes on (migration 0010). */
const CHANGES_CHANNEL = 'session_changes'
/** Where instances ask each other whether they have heard every change so far, and answer. */
const HEARD_CHANNEL = 'session_changes_heard'

export interface ChangeListener {
  /**
   * A committed change, made by any instance or by hand: 's:<session id>', 'a:<account id>' or
   * 't:<site id>' (updated or deleted), '*' (a whole table emptied).
   */
  changed(change: string): void
  /** Whether changes are heard: false until the listening connection is up and whenever it drops (changes then go unheard). */
  listening(on: boolean): void
}

export interface Database {
  db: Db
  /** Tells `listener` of every change of a session, an account or a site from now on; answers a function that stops. */
  onChange(listener: ChangeListener): () => void
  /**
   * Resolves once every other instance listening has heard the changes this one committed before
   * the call (an instance that does not answer within seconds is not waited for further).
   */
  heardEverywhere(): Promise<void>
  /**
   * The embedded database only: its data folder as a tar and each table's row count, taken between
   * two transactions (every commit answered before is in it, none made after).
   */
  snapshot?(): Promise<Snapshot>
  close(): Promise<void>
}

export interface Snapshot {
  tar: Uint8Array
  rows: Record<string, number>
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/** Any constant: the key of the advisory lock held while one instance migrates (and fills in its data). */
const MIGRATION_LOCK = 72_310_001

export interface OpenOptions {
  /**
   * Told of a connection that broke while idle in the pool, or of the one that hears changes (the
   * database restarted, the network dropped).
   */
  onConnectionLost?: (error: Error) => void
  /**
   * Runs once the schema is up to date, before any request (the demo data). On PostgreSQL it runs
   * under the migration lock: of several instances starting together, one migrates and runs it
   * while the others wait, then find it done.
   */
  afterMigrate?: (db: Db) => Promise<void>
  /** False opens the database as it is, without migrating it (a backup of a stopped server's). */
  migrate?: boolean
}

/** Connects and brings the schema up to date, then runs `afterMigrate`. */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  options: OpenOptions = {},
): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, options)
  // The data folder, made by an older release readable by all perhaps, holds every record.
  await privateFolder(config.dataDir)
  return openPglite(path.join(config.dataDir, 'pglite'), options)
}

/**
 * The embedded database runs each statement at once, on this thread: left alone, a device that
 * sends its next request as soon as it has an answer would be served again and again while the
 * others' requests wait unread. Here PGlite hands its one connection to a statement or a whole transaction
 * in the order they asked (its own queue), each starting on a turn of the event loop of its own:
 * between two of them Node reads what has come in and accepts a waiting connection, and every
 * request takes its turn with the others'.
 */
class TakingTurnsPGlite extends PGlite {
  override _runExclusiveTransaction<T>(run: () => Promise<T>): Promise<T> {
    return super._runExclusiveTransaction(async () => {
      await nextTurn()
      return run()
    })
  }
}

/** Whether a process of that id runs (one of another user's included). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM'
  }
}

/** A data folder another opener holds: the server, setup, a backup or a restore, in this process or another. */
export class DataFolderInUse extends Error {}

/** The embedded databases this process holds open, by their folder's full path. */
const heldHere = new Set<string>()

/**
 * The embedded database belongs to one opener at a time: a second one, in another process (the
 * server started twice, the setup command while the server runs) or in this one (a second app, a
 * restore), would corrupt it, as two handles on one folder once duplicated a primary key. A lock
 * file beside it holds the process id; a file left by a process that died is taken over. Answers
 * the release.
 */
async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const folder = path.resolve(dir)
  const file = `${folder}.pid`
  const refuse = (by: string) =>
    new DataFolderInUse(
      `The embedded database in ${folder} is in use by ${by}: stop it first (if nothing runs, delete ${file})`,
    )
  if (heldHere.has(folder)) throw refuse(`this process (process ${process.pid})`)
  for (;;) {
    try {
      await writeFile(file, String(process.pid), { flag: 'wx', mode: 0o600 })
      break
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error
    }
    const holder = Number(await readFile(file, 'utf8').catch(() => ''))
    // Our own id in a file this process did not write: a process that died had it before us.
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && running(holder))
      throw refuse(`process ${holder}`)
    await rm(file, { force: true })
  }
  heldHere.add(folder)
  return async () => {
    heldHere.delete(folder)
    await rm(file, { force: true })
  }
}

/** The PGlite options every opener of a data folder uses: the extensions the schema and the check need. */
const PGLITE_EXTENSIONS = { pg_trgm, amcheck }

/**
 * Opens the embedded database in `dir` for this opener alone (see lockDataDir): every opener of a
 * data folder, the server's, setup's, a backup's, a restore's, a test's, comes through here.
 * `loadDataDir` fills an empty folder from a backup's tar.
 *
 * The folder is its account's alone before PGlite writes in it: PGlite makes the files it unpacks
 * (a new database, a restored one) readable and writable by all, and its cache files readable by
 * all, whatever the umask; so the files are made private again once it is open and once it closed.
 */
export async function openEmbedded(
  dir: string,
  { loadDataDir }: { loadDataDir?: Blob } = {},
): Promise<{ client: PGlite; close(): Promise<void> }> {
  await privateFolder(dir)
  const unlock = await lockDataDir(dir)
  let client: PGlite
  try {
    client = new TakingTurnsPGlite(dir, { extensions: PGLITE_EXTENSIONS, loadDataDir })
    await client.waitReady
    await makeTreePrivate(dir)
  } catch (error) {
    await unlock()
    throw error
  }
  return {
    client,
    close: async () => {
      try {
        await client.close()
        await makeTreePrivate(dir)
      } finally {
        await unlock()
      }
    },
  }
}

async function openPglite(dir: string, { afterMigrate, migrate = true }: OpenOptions): Promise<Database> {
  const { client, close } = await openEmbedded(dir)
  try {
    const db = drizzlePglite({ client })
    if (migrate) await migratePglite(db, { migrationsFolder })
    await afterMigrate?.(db)
    // A migration rewrites PGlite's cache files, readable by all again.
    await makeTreePrivate(dir)
    const changes = new Changes()
    // One process, one connection: changes are told as each commit returns, and nothing can drop.
    await client.listen(CHANGES_CHANNEL, (change) => changes.changed(change))
    changes.listening(true)
    return {
      db,
      onChange: (listener) => changes.add(listener),
      // Nobody else uses the database: its changes are heard before its commit returns.
      heardEverywhere: async () => {},
      snapshot: () => snapshotPglite(client, dir),
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}

/**
 * Holds the one connection for a read-only transaction: the rows are counted and the folder is
 * copied while no other statement runs, so nothing half-written is in it. The copy reads the files
 * from disk asynchronously (PGlite's own dump reads them synchronously), so requests that need no
 * database, /api/health among them, are answered meanwhile.
 */
function snapshotPglite(client: PGlite, dir: string): Promise<Snapshot> {
  return client.transaction(async (tx) => {
    const rows = await countRows((sql) => tx.query(sql))
    return { tar: await folderTar(dir, new Date()), rows }
  })
}

/** Each table's row count in the app's schema, read through `query` (a transaction's or a client's). */
export async function countRows(
  query: (sql: string) => Promise<{ rows: Record<string, unknown>[] }>,
): Promise<Record<string, number>> {
  const tables = (await query(`select tablename from pg_tables where schemaname = 'public' order by tablename`)).rows
  if (!tables.length) return {}
  const counts = await query(
    tables
      .map(
        ({ tablename }) => `select '${String(tablename)}' as name, count(*)::int as count from "${String(tablename)}"`,
      )
      .join(' union all '),
  )
  return Object.fromEntries(counts.rows.map(({ name, count }) => [String(name), Number(count)]))
}

async function openPostgres(
  connectionString: string,
  { onConnectionLost = () => {}, afterMigrate }: OpenOptions,
): Promise<Database> {
  // Several instances may start together: one migrates while the others wait. A connection of its
  // own, without the pool's query timeout: a migration may take its time.
  const conn = new pg.Client({ connectionString })
  await conn.connect()
  try {
    await conn.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK])
    const locked = drizzlePg({ client: conn })
    await migratePg(locked, { migrationsFolder })
    await afterMigrate?.(locked)
  } finally {
    // Closing the connection also drops the lock.
    await conn.end()
  }
  const pool = new pg.Pool({
    connectionString,
    // The database going away answers an error within seconds instead of holding requests: a
    // connection that does not come, or a query that is not answered (a frozen server, a dropped
    // network), fails; a refused connection fails at once.
    connectionTimeoutMillis: 5_000,
    query_timeout: 30_000,
    keepAlive: true,
  })
  // Without a listener, a pooled connection that breaks while idle would crash the process; the
  // pool drops it and connects anew when the database is back.
  pool.on('error', onConnectionLost)
  const changes = new Changes()
  const listener = new PostgresListener(connectionString, changes, onConnectionLost)
  return {
    db: drizzlePg({ client: pool }),
    onChange: (listener) => changes.add(listener),
    heardEverywhere: () => listener.heardEverywhere(),
    close: async () => {
      await listener.stop()
      await pool.end()
    },
  }
}

/** The listeners of changes, and whether changes are heard now. */
class Changes {
  private readonly listeners = new Set<ChangeListener>()
  private on = false

  add(listener: ChangeListener): () => void {
    this.listeners.add(listener)
    if (this.on) listener.listening(true)
    return () => this.listeners.delete(listener)
  }

  changed(change: string): void {
    for (const listener of this.listeners) listener.changed(change)
  }

  listening(on: boolean): void {
    if (on === this.on) return
    this.on = on
    for (const listener of this.listeners) listener.listening(on)
  }
}

/** How long after a lost listening connection the next attempt is made. */
const RELISTEN_MS = 1_000
/**
 * How often the listening connection is asked whether it is alive: a network that drops silently
 * would otherwise leave an instance thinking it hears every change.
 */
const LISTEN_CHECK_MS = 5_000
/** How long an instance waits for the others to say they heard its change; one that is stuck is not waited for longer. */
const HEARD_WAIT_MS = 2_000
/** How listening connections are named in pg_stat_activity, followed by the instance's id. */
const LISTENER_NAME = 'yuezi session changes'

/**
 * Hears changes on a connection of its own (a pooled one goes back to the pool, and with it the
 * LISTEN), connecting anew whenever it drops, until `stop`.
 *
 * A notification reaches each instance a moment after the commit: another instance may still be
 * answering from what it kept when the client, told of a logout, sends its next request. So the
 * instance that made a change asks every other listening instance (named in pg_stat_activity) on
 * HEARD_CHANNEL, after its commit, and waits for their answers: each instance hears a channel's
 * notifications in commit order, so one that answers has heard the change before.
 */
class PostgresListener {
  /** This instance among the listeners: the process and a random part (several instances may run in one process or share a pid on several hosts). */
  private readonly id = `${process.pid}-${randomBytes(3).toString('hex')}`
  /** The connection while it listens. */
  private live: pg.Client | undefined
  private current: pg.Client | undefined
  private stopped = false
  private retry: NodeJS.Timeout | undefined
  private asked = 0
  /** Per question asked: the instances yet to answer, and what ends the wait. */
  private readonly waiting = new Map<number, { left: Set<string>; done: () => void }>()

  constructor(
    private readonly connectionString: string,
    private readonly changes: Changes,
    private readonly onConnectionLost: (error: Error) => void,
  ) {
    void this.connect()
  }

  private async connect() {
    const client = new pg.Client({
      connectionString: this.connectionString,
      connectionTimeoutMillis: 5_000,
      query_timeout: LISTEN_CHECK_MS,
      keepAlive: true,
    })
    this.current = client
    let check: NodeJS.Timeout | undefined
    let lost = false
    const lose = (error?: Error) => {
      if (lost) return
      lost = true
      clearInterval(check)
      if (this.live === client) this.live = undefined
      // Answers to this instance's questions can no longer be heard.
      for (const wait of this.waiting.values()) wait.done()
      // Until it listens again, changes go unheard.
      this.changes.listening(false)
      if (error && !this.stopped) this.onConnectionLost(error)
      client.end().catch(() => {})
      if (!this.stopped) this.retry = setTimeout(() => void this.connect(), RELISTEN_MS)
    }
    client.on('error', lose)
    client.on('end', () => lose())
    client.on('notification', ({ channel, payload = '' }) => {
      if (channel === CHANGES_CHANNEL) this.changes.changed(payload)
      if (channel === HEARD_CHANNEL) this.heard(client, payload)
    })
    try {
      await client.connect()
      await client.query(`LISTEN ${CHANGES_CHANNEL}; LISTEN ${HEARD_CHANNEL}`)
      // Named only once it listens: an instance waiting for the others' answers counts those that can hear.
      await client.query(`SELECT set_config('application_name', $1, false)`, [`${LISTENER_NAME} ${this.id}`])
    } catch (error) {
      lose(error as Error)
      return
    }
    if (lost || this.stopped) return
    this.live = client
    this.changes.listening(true)
    check = setInterval(() => void client.query('SELECT 1').catch(lose), LISTEN_CHECK_MS)
  }

  /** 'ask:<asker>:<n>' from another instance is answered 'answer:<asker>:<n>:<this id>'; answers to this one's questions are counted. */
  private heard(client: pg.Client, message: string) {
    const [kind, asker, n, by] = message.split(':')
    if (kind === 'ask' && asker !== this.id) {
      client.query('SELECT pg_notify($1, $2)', [HEARD_CHANNEL, `answer:${asker}:${n}:${this.id}`]).catch(() => {})
    } else if (kind === 'answer' && asker === this.id) {
      const wait = this.waiting.get(Number(n))
      wait?.left.delete(by)
      if (wait?.left.size === 0) wait.done()
    }
  }

  async heardEverywhere(): Promise<void> {
    const client = this.live
    // Not listening: no answer could be heard.
    if (!client) return
    const n = ++this.asked
    let listeners: { name: string }[]
    try {
      ;({ rows: listeners } = await client.query<{ name: string }>(
        'SELECT application_name AS name FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE $1',
        [`${LISTENER_NAME} %`],
      ))
    } catch {
      // The connection dropped: the change is made, and told to the others all the same.
      return
    }
    const left = new Set(
      listeners.map((row) => row.name.slice(LISTENER_NAME.length + 1)).filter((id) => id !== this.id),
    )
    if (!left.size) return
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer)
        this.waiting.delete(n)
        resolve()
      }
      const timer = setTimeout(done, HEARD_WAIT_MS)
      this.waiting.set(n, { left, done })
      client.query('SELECT pg_notify($1, $2)', [HEARD_CHANNEL, `ask:${this.id}:${n}`]).catch(done)
    })
  }

  async stop(): Promise<void> {
    this.stopped = true
    clearTimeout(this.retry)
    this.changes.listening(false)
    await this.current?.end().catch(() => {})
  }
}
