import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { it } from 'node:test'
import { repoRoot } from '../src/config.js'

// Routes call services; only services call repositories. So a route reads and writes the
// database through a service even for a plain list, and the service is where its rules go.
const ROUTES = path.join(repoRoot, 'server/src/routes')

/** An import (types included) of a module under src/repositories or src/db. */
const DATA_IMPORT = /from\s+['"](?:\.\.\/)+(?:repositories|db)\//

it('has no route that imports a repository or the database', () => {
  const offenders = readdirSync(ROUTES, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .filter((file) => DATA_IMPORT.test(readFileSync(path.join(ROUTES, file), 'utf8')))
  assert.deepEqual(offenders, [])
})
