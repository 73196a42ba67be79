import type { PGlite } from '@electric-sql/pglite'
import type pg from 'pg'

/** Rows read and written at a time: a year's table never sits whole in either heap. */
const BATCH = 2_000

type Rows<T> = Promise<{ rows: T[] }>

/** The tables of the public schema, each after those its foreign keys point at. */
async function tablesInOrder(source: PGlite): Promise<string[]> {
  const tables = (
    await source.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public'`)
  ).rows
  const keys = (
    await source.query<{ child: string; parent: string }>(
      `select c.relname as child, p.relname as parent from pg_constraint k
        join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
        where k.contype = 'f' and k.connamespace = 'public'::regnamespace and k.conrelid <> k.confrelid`,
    )
  ).rows
  const ordered: string[] = []
  const placed = new Set<string>()
  const place = (table: string, path: string[]) => {
    if (placed.has(table)) return
    if (path.includes(table)) throw new Error(`foreign keys in a circle: ${[...path, table].join(' → ')}`)
    for (const { parent } of keys.filter((key) => key.child === table)) place(parent, [...path, table])
    placed.add(table)
    ordered.push(table)
  }
  for (const { name } of tables.sort((a, b) => a.name.localeCompare(b.name))) place(name, [])
  return ordered
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`

/**
 * Copies every row of the embedded database `source` into `target`, a PostgreSQL connection on the
 * same schema (migrated, nothing else in it), inside the caller's transaction: the tables emptied
 * of what the migrations put in, their own triggers off while rows arrive as they were (versions,
 * audit and all), each sequence where the source's stood. Answers the rows copied per table.
 */
export async function copyEmbeddedInto(source: PGlite, target: pg.ClientBase): Promise<Record<string, number>> {
  const tables = await tablesInOrder(source)
  await target.query(`truncate ${tables.map(quoted).join(', ')} restart identity cascade`)
  const copied: Record<string, number> = {}
  for (const table of tables) {
    const columns = (
      await (target.query(
        `select column_name as name from information_schema.columns
          where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
        [table],
      ) as Rows<{ name: string }>)
    ).rows.map(({ name }) => quoted(name))
    const list = columns.join(', ')
    await target.query(`alter table ${quoted(table)} disable trigger user`)
    copied[table] = 0
    for (let after = '(0,0)'; ;) {
      const { rows } = await source.query<{ at: string; row: string }>(
        `select t.ctid::text as at, row_to_json(t)::text as row from ${quoted(table)} t
          where t.ctid > $1::tid order by t.ctid limit ${BATCH}`,
        [after],
      )
      if (!rows.length) break
      await target.query(
        `insert into ${quoted(table)} (${list}) select ${list} from json_populate_recordset(null::${quoted(table)}, $1::json)`,
        [`[${rows.map(({ row }) => row).join(',')}]`],
      )
      copied[table] += rows.length
      after = rows[rows.length - 1].at
    }
    await target.query(`alter table ${quoted(table)} enable trigger user`)
  }
  const sequences = (
    await source.query<{ name: string; last: string | null }>(
      `select sequencename as name, last_value::text as last from pg_sequences where schemaname = 'public'`,
    )
  ).rows
  for (const { name, last } of sequences) {
    if (last === null) await target.query(`select setval($1::regclass, 1, false)`, [quoted(name)])
    else await target.query(`select setval($1::regclass, $2::bigint, true)`, [quoted(name), last])
  }
  return copied
}
