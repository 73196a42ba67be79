import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config.js';
import type { Db } from './types.js';

export interface Database {
  db: Db;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any constant: the key of the advisory lock held while one instance migrates (and fills in its data). */
const MIGRATION_LOCK = 72_310_001;

export interface OpenOptions {
  /** Told of a connection that broke while idle in the pool (the database restarted, the network dropped). */
  onConnectionLost?: (error: Error) => void;
  /**
   * Runs once the schema is up to date, before any request (the demo data). On PostgreSQL it runs
   * under the migration lock: of several instances starting together, one migrates and runs it
   * while the others wait, then find it done.
   */
  afterMigrate?: (db: Db) => Promise<void>;
}

/** Connects and brings the schema up to date, then runs `afterMigrate`. */
export function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>, options: OpenOptions = {}): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, options)
    : openPglite(path.join(config.dataDir, 'pglite'), options);
}

/**
 * The embedded database runs each statement at once, on this thread. Left alone, a request whose
 * statements all answer at once is handled from start to end while Node reads its connection, and
 * Node reads a connection up to 32 times in a row, and takes one new connection in, per turn of its
 * event loop: a device that sent its next request as soon as it had an answer was served again and
 * again while the requests of the others waited unread, or their connections unaccepted, for
 * seconds. Here PGlite hands its one connection to a statement or a whole transaction, in the order
 * they asked (its own queue), and each starts on a turn of the event loop of its own: between two
 * of them Node reads what has come in and accepts a waiting connection, and every request takes its
 * turn with the others'.
 */
class TakingTurnsPGlite extends PGlite {
  override _runExclusiveTransaction<T>(run: () => Promise<T>): Promise<T> {
    return super._runExclusiveTransaction(async () => {
      await nextTurn();
      return run();
    });
  }
}

async function openPglite(dir: string, { afterMigrate }: OpenOptions): Promise<Database> {
  await mkdir(dir, { recursive: true });
  // pg_trgm: the migrations create it (the form records' keyword search).
  const client = new TakingTurnsPGlite(dir, { extensions: { pg_trgm } });
  const db = drizzlePglite({ client });
  await migratePglite(db, { migrationsFolder });
  await afterMigrate?.(db);
  return { db, close: () => client.close() };
}

async function openPostgres(
  connectionString: string,
  { onConnectionLost = () => {}, afterMigrate }: OpenOptions,
): Promise<Database> {
  // Several instances may start together: one migrates while the others wait. A connection of its
  // own, without the pool's query timeout: a migration may take its time.
  const conn = new pg.Client({ connectionString });
  await conn.connect();
  try {
    await conn.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const locked = drizzlePg({ client: conn });
    await migratePg(locked, { migrationsFolder });
    await afterMigrate?.(locked);
  } finally {
    // Closing the connection also drops the lock.
    await conn.end();
  }
  const pool = new pg.Pool({
    connectionString,
    // The database going away answers an error within seconds instead of holding requests: a
    // connection that does not come, or a query that is not answered (a frozen server, a dropped
    // network), fails; a refused connection fails at once.
    connectionTimeoutMillis: 5_000,
    query_timeout: 30_000,
    keepAlive: true,
  });
  // Without a listener, a pooled connection that breaks while idle would crash the process; the
  // pool drops it and connects anew when the database is back.
  pool.on('error', onConnectionLost);
  return { db: drizzlePg({ client: pool }), close: () => pool.end() };
}
