import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { it } from 'node:test'
import { repoRoot } from '../src/config.js'

// Routes call services; only services call repositories. So a route reads and writes the
// database through a service even for a plain list, and the service is where its rules go.
const ROUTES = path.join(repoRoot, 'server/src/routes')
const SERVICES = path.join(repoRoot, 'server/src/services')
const SOURCES = path.join(repoRoot, 'server/src')

/** An import (types included) of a module under src/repositories or src/db. */
const DATA_IMPORT = /from\s+['"](?:\.\.\/)+(?:repositories|db)\//

/** A re-export (`export { … } from`, `export * from`, types included) of a module under src/repositories or src/db. */
const DATA_REEXPORT =
  /\bexport\s+(?:type\s+)?(?:\*(?:\s+as\s+\w+)?|\{[^}]*\})\s*from\s+['"](?:\.\.\/)+(?:repositories|db)\//

/** The .ts files under a folder, by their path in it, whose text `pattern` finds. */
const filesMatching = (folder: string, pattern: RegExp) =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .filter((file) => pattern.test(readFileSync(path.join(folder, file), 'utf8')))

/** That `pattern` finds each of `found` and none of `missed`: a check that can fail. */
function assertFinds(pattern: RegExp, found: string[], missed: string[]) {
  for (const text of found) assert.match(text, pattern)
  for (const text of missed) assert.doesNotMatch(text, pattern)
}

it('has no route that imports a repository or the database', () => {
  assert.deepEqual(filesMatching(ROUTES, DATA_IMPORT), [])
})

// A service that passes a repository's function on hands the route the database with no rule in
// between: the route calls a service function, and that function calls the repository.
it('has no service that re-exports a repository or the database', () => {
  assertFinds(
    DATA_REEXPORT,
    [
      "export { getOutApply, listOutApplies } from '../repositories/outApply.js'",
      "export {\n  listGiftTypes,\n  type ProductQuery,\n} from '../../repositories/stock.js'",
      "export * from '../../../db/schema.js'",
      "export type { Db } from '../db/types.js'",
    ],
    ["import { listGiftTypes } from '../repositories/stock.js'", "export { outApply } from './kinds/outApply.js'"],
  )
  assert.deepEqual(filesMatching(SERVICES, DATA_REEXPORT), [])
})

/** A write of the access log, by Drizzle's table or in SQL. */
const ACCESS_LOG_WRITE =
  /\.(?:insert|update|delete)\(\s*accessLog\s*\)|\b(?:insert\s+into|update|delete\s+from)\s+"?access_log\b/i

// Its entries are what an audit of who read her data rests on: one module writes them, so that
// what an entry holds and when it is written is decided in one place.
it('has the access log written by its repository only', () => {
  assertFinds(
    ACCESS_LOG_WRITE,
    [
      'db.insert(accessLog).values(entry)',
      'tx.delete(accessLog).where(old)',
      'sql`insert into access_log (site_id) select 1`',
      'INSERT INTO "access_log" ("site_id")',
    ],
    ['db.select().from(accessLog)', 'from access_log x where x.site_id = 1'],
  )
  assert.deepEqual(filesMatching(SOURCES, ACCESS_LOG_WRITE), [path.join('repositories', 'accessLog.ts')])
})
