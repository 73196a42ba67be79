import { sql, type Placeholder, type SQL } from 'drizzle-orm'
import { PgDatabase, PgDialect, PgPreparedQuery, PgSession, type PreparedQueryConfig } from 'drizzle-orm/pg-core'
import type { Db } from './types.js'

// The busiest statements are built once and sent by name, so that a request pays neither for
// Drizzle building their SQL nor for PostgreSQL planning it (once per connection). Drizzle binds a
// statement it prepares to the database it was built on and has no public way to run it in a
// transaction (drizzle-orm#613): each is built here on a session of this module's own, which keeps
// what Drizzle's builder hands a session to prepare, and each call hands that to `db`'s session
// (PgSession.prepareQuery, typed public: the one place this module meets Drizzle's sessions), which
// binds it to db's connection, a transaction's included, and maps its rows as Drizzle does.
// node-postgres sends it by name; PGlite keeps no statement by name and sends its text.
// test/prepared.test.ts fails if an upgrade changes a statement's text or where it runs.

/** What a Drizzle builder hands a session to prepare: the SQL and its values, how rows map, the name. */
type Preparation = Parameters<PgSession['prepareQuery']>

/** A statement as Drizzle's builder prepared it, run by no connection. */
class Recorded extends PgPreparedQuery<PreparedQueryConfig> {
  constructor(readonly preparation: Preparation) {
    super(preparation[0], undefined, undefined)
  }

  execute(): never {
    throw new Error('a prepared statement runs on the database prepared() is given')
  }
}

/** A session that runs nothing: what a builder prepares on it comes back Recorded. */
class Recording extends PgSession {
  prepareQuery<T extends PreparedQueryConfig = PreparedQueryConfig>(...preparation: Preparation): PgPreparedQuery<T> {
    // A joined table's columns as a nested object are set to null by a map Drizzle's builder hands
    // the statement after preparing it, which a statement asked of another session would not have.
    if (preparation[1]?.some((field) => field.path.length > 1))
      throw new Error(`${preparation[2]}: a prepared statement selects no nested object`)
    return new Recorded(preparation) as PgPreparedQuery<PreparedQueryConfig> as PgPreparedQuery<T>
  }

  transaction(): never {
    throw new Error('statements are only built on this session')
  }
}

/** Where statements are built: Drizzle's query builders, on its default dialect as db/index.ts opens both databases. */
const builder: Db = new PgDatabase(new PgDialect(), new Recording(new PgDialect()), undefined)

/** Each statement built so far, by name: its SQL text (what test/prepared.test.ts compares). */
const texts = new Map<string, string>()
export const builtStatements = (): ReadonlyMap<string, string> => texts

/**
 * A statement built once (by `build`, on a database of Drizzle's query builders) and run on the
 * database each call is given, a transaction included.
 */
export function prepared<Statement extends object>(build: (db: Db) => Statement): (db: Db) => Statement {
  let preparation: Preparation | undefined
  return (db) => {
    if (!preparation) {
      const statement: object = build(builder)
      if (!(statement instanceof Recorded)) throw new Error('prepared() takes a statement Drizzle prepared')
      preparation = statement.preparation
      texts.set(preparation[2] ?? '', preparation[0].sql)
    }
    // Typed as `build` answers it: the same statement, bound to db's connection.
    return db._.session.prepareQuery(...preparation) as object as Statement
  }
}

/**
 * Statements of one shape prepared by name, each built (see prepared) the first time its name is
 * asked for: `build` makes the one a name stands for, such as a list's first page of one size.
 */
export function preparedByName<Statement extends object>(): (
  db: Db,
  name: string,
  build: (db: Db, name: string) => Statement,
) => Statement {
  const statements = new Map<string, (db: Db) => Statement>()
  return (db, name, build) => {
    let statement = statements.get(name)
    if (!statement) statements.set(name, (statement = prepared((db) => build(db, name))))
    return statement(db)
  }
}

/** A statement's value by its placeholder's name and its SQL type. */
export type StatementValue = (
  name: string,
  type: 'int8' | 'int8[]' | 'text' | 'text[]' | 'date' | 'timestamptz',
) => SQL | Placeholder

/** A value the planner is told: for a statement planned for its values on every call. */
const plannedWith: StatementValue = (name) => sql.placeholder(name)

/**
 * A value of a list's statement prepared by name, hidden from PostgreSQL's planner (a subquery of
 * its placeholder, which an index still looks up): told the values, PostgreSQL planned each call
 * anew; with them hidden and the page written in (see pageWrittenIn), the statement keeps one plan.
 */
export const plannedWithout: StatementValue = (name, type) => sql`(select ${sql.placeholder(name)}::${sql.raw(type)})`

/**
 * The LIMIT of a list's first page, written into its statement: with a LIMIT it cannot see, the
 * planner plans for many rows instead of a page. Checked to be a whole number, as it is not sent as
 * a value.
 */
function pageWrittenIn(size: number): Placeholder {
  if (!Number.isSafeInteger(size) || size < 1) throw new RangeError(`not a page size: ${size}`)
  return sql.raw(String(size)) as unknown as Placeholder
}

/**
 * How a list's statement takes its values and its page. A first page of one size (a list's busiest
 * call) is a statement prepared by name that keeps one plan: its values hidden, its page written in.
 * Any other page is sent with its values and planned for them, as a keyword's list is. (Drizzle
 * types a LIMIT and an OFFSET as numbers or placeholders, and builds any SQL given.)
 */
export function listPlan(firstPageOf?: number): { value: StatementValue; limit: Placeholder; offset: Placeholder } {
  return firstPageOf
    ? { value: plannedWithout, limit: pageWrittenIn(firstPageOf), offset: sql`0` as unknown as Placeholder }
    : { value: plannedWith, limit: sql.placeholder('limit'), offset: sql.placeholder('offset') }
}
