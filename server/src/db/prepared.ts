import { sql, type Placeholder, type SQL } from 'drizzle-orm'
import type { Db } from './types.js'

/** What Drizzle keeps of a connection (`session.client`), on both drivers: a pool, PGlite, or a transaction's. */
interface Session {
  client: unknown
}
const sessionOf = (db: Db) => db._.session as unknown as Session

/**
 * A statement of the busiest reads and writes, built once and sent by name with its values, so
 * that a request pays neither for Drizzle building its SQL nor for PostgreSQL parsing and planning
 * it (once per connection). Drizzle binds a prepared statement to the connection it was built for;
 * each call answers it bound to `db`'s, so that it runs in `db`, a transaction included. Built once
 * per driver (PGlite's and node-postgres's statements differ).
 */
export function prepared<Statement extends object>(build: (db: Db) => Statement): (db: Db) => Statement {
  const built = new Map<unknown, Statement>()
  return (db) => {
    const session = sessionOf(db)
    let statement = built.get(session.constructor)
    if (!statement) built.set(session.constructor, (statement = build(db)))
    return (statement as Partial<Session>).client === session.client
      ? statement
      : Object.create(statement, { client: { value: session.client } })
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
