import { mkdir } from 'node:fs/promises';
import path from 'node:path';
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

/** The channel the triggers of sessions, accounts and sites tell their changes on (migration 0009). */
const CHANGES_CHANNEL = 'session_changes';

export interface ChangeListener {
  /**
   * A committed change, made by any instance or by hand: 's:<session id>', 'a:<account id>' or
   * 't:<site id>' (updated or deleted), '*' (a whole table emptied).
   */
  changed(change: string): void;
  /** Whether changes are heard: false until the listening connection is up and whenever it drops (changes then go unheard). */
  listening(on: boolean): void;
}

export interface Database {
  db: Db;
  /** Tells `listener` of every change of a session, an account or a site from now on; answers a function that stops. */
  onChange(listener: ChangeListener): () => void;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any constant: the key of the advisory lock held while one instance migrates (and fills in its data). */
const MIGRATION_LOCK = 72_310_001;

export interface OpenOptions {
  /**
   * Told of a connection that broke while idle in the pool, or of the one that hears changes (the
   * database restarted, the network dropped).
   */
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

async function openPglite(dir: string, { afterMigrate }: OpenOptions): Promise<Database> {
  await mkdir(dir, { recursive: true });
  // pg_trgm: the migrations create it (the form records' keyword search).
  const client = new PGlite(dir, { extensions: { pg_trgm } });
  const db = drizzlePglite({ client });
  await migratePglite(db, { migrationsFolder });
  await afterMigrate?.(db);
  const changes = new Changes();
  // One process, one connection: changes are told as each commit returns, and nothing can drop.
  await client.listen(CHANGES_CHANNEL, (change) => changes.changed(change));
  changes.listening(true);
  return { db, onChange: (listener) => changes.add(listener), close: () => client.close() };
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
  const changes = new Changes();
  const stopListening = listenPostgres(connectionString, changes, onConnectionLost);
  return {
    db: drizzlePg({ client: pool }),
    onChange: (listener) => changes.add(listener),
    close: async () => {
      await stopListening();
      await pool.end();
    },
  };
}

/** The listeners of changes, and whether changes are heard now. */
class Changes {
  private readonly listeners = new Set<ChangeListener>();
  private on = false;

  add(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    if (this.on) listener.listening(true);
    return () => this.listeners.delete(listener);
  }

  changed(change: string): void {
    for (const listener of this.listeners) listener.changed(change);
  }

  listening(on: boolean): void {
    if (on === this.on) return;
    this.on = on;
    for (const listener of this.listeners) listener.listening(on);
  }
}

/** How long after a lost listening connection the next attempt is made. */
const RELISTEN_MS = 1_000;
/**
 * How often the listening connection is asked whether it is alive: a network that drops silently
 * would otherwise leave an instance thinking it hears every change.
 */
const LISTEN_CHECK_MS = 5_000;

/**
 * Hears changes on a connection of its own (a pooled one goes back to the pool, and with it the
 * LISTEN), connecting anew whenever it drops; answers the function that stops.
 */
function listenPostgres(connectionString: string, changes: Changes, onConnectionLost: (error: Error) => void): () => Promise<void> {
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  async function connect() {
    const client = new pg.Client({
      connectionString,
      // Which instance listens, as pg_stat_activity shows it.
      application_name: `yuezi session changes ${process.pid}`,
      connectionTimeoutMillis: 5_000,
      query_timeout: LISTEN_CHECK_MS,
      keepAlive: true,
    });
    current = client;
    let check: NodeJS.Timeout | undefined;
    let lost = false;
    const lose = (error?: Error) => {
      if (lost) return;
      lost = true;
      clearInterval(check);
      // Until it listens again, changes go unheard.
      changes.listening(false);
      if (error && !stopped) onConnectionLost(error);
      client.end().catch(() => {});
      if (!stopped) retry = setTimeout(connect, RELISTEN_MS);
    };
    client.on('error', lose);
    client.on('end', () => lose());
    client.on('notification', ({ channel, payload }) => {
      if (channel === CHANGES_CHANNEL) changes.changed(payload ?? '*');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      lose(error as Error);
      return;
    }
    if (lost || stopped) return;
    changes.listening(true);
    check = setInterval(() => client.query('SELECT 1').catch(lose), LISTEN_CHECK_MS);
  }

  void connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    changes.listening(false);
    await current?.end().catch(() => {});
  };
}
