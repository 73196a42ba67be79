import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config.js';
import { seed } from './seed.js';

/** The database as repositories see it: the same Drizzle API on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any constant: the key of the advisory lock held while one instance migrates and seeds. */
const MIGRATION_LOCK = 72_310_001;

/** Told of a connection that broke while idle in the pool (the database restarted, the network dropped). */
export type OnConnectionLost = (error: Error) => void;

/** Connects, brings the schema up to date and, when asked, seeds an empty database. */
export function openDatabase(config: Config, onConnectionLost: OnConnectionLost = () => {}): Promise<Database> {
  const uploadDir = path.join(config.dataDir, 'uploads');
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, config.seed, uploadDir, onConnectionLost)
    : openPglite(path.join(config.dataDir, 'pglite'), config.seed, uploadDir);
}

async function openPglite(dir: string, withDemo: boolean, uploadDir: string): Promise<Database> {
  await mkdir(dir, { recursive: true });
  // pg_trgm: the migrations create it (the form records' keyword search).
  const client = new PGlite(dir, { extensions: { pg_trgm } });
  const db = drizzlePglite({ client });
  await migratePglite(db, { migrationsFolder });
  if (withDemo) await seed(db, uploadDir);
  return { db, close: () => client.close() };
}

async function openPostgres(
  connectionString: string,
  withDemo: boolean,
  uploadDir: string,
  onConnectionLost: OnConnectionLost,
): Promise<Database> {
  // Several instances may start together: one migrates and seeds while the others wait. A
  // connection of its own, without the pool's query timeout: a migration may take its time.
  const conn = new pg.Client({ connectionString });
  await conn.connect();
  try {
    await conn.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const locked = drizzlePg({ client: conn });
    await migratePg(locked, { migrationsFolder });
    if (withDemo) await seed(locked, uploadDir);
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
