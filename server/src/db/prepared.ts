import type { Db } from './types.js';

/**
 * A statement of the busiest reads, built once per database and sent by name with its values:
 * Drizzle builds its SQL once, and PostgreSQL parses and plans it once per connection. Building a
 * query anew for every request cost more than the database's own work on a list. Only for `db`
 * itself, never a transaction's: a prepared statement runs on the pool.
 */
export function prepared<Statement>(build: (db: Db) => Statement): (db: Db) => Statement {
  const built = new WeakMap<Db, Statement>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) built.set(db, (statement = build(db)));
    return statement;
  };
}
