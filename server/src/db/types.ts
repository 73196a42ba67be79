import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'

/** The database as repositories see it: the same Drizzle API on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT>
