import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { it } from 'node:test'
import { repoRoot } from '../src/config.js'

// Routes call services; only services call repositories. So a route reads and writes the
// database through a service even for a plain list, and the service is where its rules go.
const ROUTES = path.join(repoRoot, 'server/src/routes')
const SERVICES = path.join(repoRoot, 'server/src/services')

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

it('has no route that imports a repository or the database', () => {
  assert.deepEqual(filesMatching(ROUTES, DATA_IMPORT), [])
})

// A service that passes a repository's function on hands the route the database with no rule in
// between: the route calls a service function, and that function calls the repository.
it('has no service that re-exports a repository or the database', () => {
  for (const reexport of [
    "export { getOutApply, listOutApplies } from '../repositories/outApplies.js'",
    "export {\n  listGiftTypes,\n  type ProductQuery,\n} from '../../repositories/stock.js'",
    "export * from '../../../db/schema.js'",
    "export type { Db } from '../db/types.js'",
  ]) {
    assert.match(reexport, DATA_REEXPORT)
  }
  assert.doesNotMatch("import { listGiftTypes } from '../repositories/stock.js'", DATA_REEXPORT)
  assert.doesNotMatch("export { outApply } from './kinds/outApply.js'", DATA_REEXPORT)
  assert.deepEqual(filesMatching(SERVICES, DATA_REEXPORT), [])
})
