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

/** Connects, brings the schema up to date and, when asked, seeds an empty database. */
export function openDatabase(config: Config): Promise<Database> {
  const uploadDir = path.join(config.dataDir, 'uploads');
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, config.seed, uploadDir)
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

async function openPostgres(connectionString: string, withDemo: boolean, uploadDir: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString });
  // Several instances may start together: one migrates and seeds while the others wait.
  const conn = await pool.connect();
  try {
    await conn.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const locked = drizzlePg({ client: conn });
    await migratePg(locked, { migrationsFolder });
    if (withDemo) await seed(locked, uploadDir);
  } finally {
    // Closing the connection (rather than returning it to the pool) also drops the lock.
    conn.release(true);
  }
  return { db: drizzlePg({ client: pool }), close: () => pool.end() };
}
