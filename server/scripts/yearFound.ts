// The bench's year section, after its last stop: which acknowledged saves the database holds
// (a JSON file of request id → record id, the first argument), whether any request id is there
// twice (read by a sequential scan, not by the unique index that should forbid it), how many form
// records there are, and the integrity check. One line of JSON.
import { readFileSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { loadConfig } from '../src/config.js'
import { openDatabase } from '../src/db/index.js'
import { checkIntegrity, describeReport } from '../src/db/integrity.js'
import { keepFilesPrivate } from '../src/lib/privateFiles.js'

keepFilesPrivate()
const acknowledged = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Record<string, number>
const config = loadConfig({ ...process.env, SEED: '0' })
const database = await openDatabase(config, { migrate: false })
try {
  const { db } = database
  const rows = async <T>(query: ReturnType<typeof sql>) => (await db.execute(query)) as unknown as { rows: T[] }
  // The heap as it is, not as an index says it is.
  await db.execute(sql`set enable_indexscan = off`)
  await db.execute(sql`set enable_bitmapscan = off`)
  await db.execute(sql`set enable_indexonlyscan = off`)
  const saved = (
    await rows<{ request_id: string; id: number }>(
      sql`select request_id, id::int as id from form_records where request_id is not null and deleted_at is null`,
    )
  ).rows
  const byRequest = new Map<string, number[]>()
  for (const { request_id, id } of saved) byRequest.set(request_id, [...(byRequest.get(request_id) ?? []), id])
  const present = Object.entries(acknowledged).filter(([request, id]) => byRequest.get(request)?.includes(id)).length
  const duplicates = [...byRequest.values()].filter((ids) => ids.length > 1).length
  const [{ records }] = (await rows<{ records: number }>(sql`select count(*)::int as records from form_records`)).rows
  await db.execute(sql`reset all`)
  const report = await checkIntegrity(db, { thorough: !config.databaseUrl })
  const check = report.damage.length
    ? describeReport(report).split('\n').slice(0, 4).join('; ')
    : `clean (${report.indexes} indexes, ${report.tables} tables)`
  console.log(JSON.stringify({ present, duplicates, records, check }))
} finally {
  await database.close()
}
