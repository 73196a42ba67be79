import { sql } from 'drizzle-orm'
import type { Db } from './types.js'

/** One damaged index or table, and what PostgreSQL's checker said of it. */
export interface Damage {
  kind: 'index' | 'table'
  /** schema.name */
  relation: string
  detail: string
}

export interface IntegrityReport {
  /** When the check ended (ISO 8601). */
  at: string
  indexes: number
  tables: number
  damage: Damage[]
  ms: number
}

interface Relation {
  oid: number
  name: string
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/**
 * Runs PostgreSQL's own checker, amcheck, over every btree index (each heap row must be in it, once
 * for a unique one) and every table's heap, on either engine. `thorough` also checks each index
 * against its parent pages, which blocks writes while it runs: for a database nobody else uses
 * (before a backup, `npm run check` on a stopped server).
 */
export async function checkIntegrity(db: Db, { thorough = false } = {}): Promise<IntegrityReport> {
  const started = performance.now()
  await db.execute(sql`create extension if not exists amcheck`)
  // checkunique (PostgreSQL 17 on, so the embedded engine) finds a key held twice.
  const [{ unique }] = rowsOf<{ unique: boolean }>(
    await db.execute(
      sql`select exists (select 1 from pg_proc where proname = 'bt_index_check' and pronargs = 3) as unique`,
    ),
  )
  const indexes = rowsOf<Relation>(
    await db.execute(sql`select c.oid::int as oid, n.nspname || '.' || c.relname as name
      from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
      join pg_am a on a.oid = c.relam
      where a.amname = 'btree' and c.relpersistence <> 't' and i.indisready and i.indisvalid
      order by n.nspname, c.relname`),
  )
  const tables = rowsOf<Relation>(
    await db.execute(sql`select c.oid::int as oid, n.nspname || '.' || c.relname as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'm') and c.relpersistence <> 't'
      order by n.nspname, c.relname`),
  )
  const damage: Damage[] = []
  const check = thorough ? sql.raw('bt_index_parent_check') : sql.raw('bt_index_check')
  for (const index of indexes) {
    const args = unique ? sql`${index.oid}::oid::regclass, true, true` : sql`${index.oid}::oid::regclass, true`
    try {
      await db.execute(sql`select ${check}(${args})`)
    } catch (error) {
      damage.push({ kind: 'index', relation: index.name, detail: messageOf(error) })
    }
  }
  for (const table of tables) {
    try {
      const found = rowsOf<{ blkno: number; offnum: number; msg: string }>(
        await db.execute(
          sql`select blkno, offnum, msg from verify_heapam(${table.oid}::oid::regclass, check_toast => true)`,
        ),
      )
      for (const row of found)
        damage.push({
          kind: 'table',
          relation: table.name,
          detail: `block ${row.blkno}, item ${row.offnum}: ${row.msg}`,
        })
    } catch (error) {
      damage.push({ kind: 'table', relation: table.name, detail: messageOf(error) })
    }
  }
  return {
    at: new Date().toISOString(),
    indexes: indexes.length,
    tables: tables.length,
    damage,
    ms: Math.round(performance.now() - started),
  }
}

/** The error's own words (the driver's wrapper names the statement, not what went wrong). */
function messageOf(error: unknown): string {
  const cause = (error as { cause?: { message?: string } }).cause
  return cause?.message ?? (error as Error).message
}

/** The report as lines a person reads: the counts, then each damaged relation. */
export function describeReport(report: IntegrityReport): string {
  const head =
    report.damage.length === 0
      ? `Integrity check clean: ${report.indexes} indexes and ${report.tables} tables (${report.ms} ms)`
      : `Integrity check FAILED: ${report.damage.length} damaged of ${report.indexes} indexes and ${report.tables} tables (${report.ms} ms)`
  return [head, ...report.damage.map((d) => `  ${d.kind} ${d.relation}: ${d.detail}`)].join('\n')
}
