// WeChat's code-quality scan on the compiled mini program: every check it makes must pass
// (compression settings, lazy component injection, package sizes, nothing in the main package
// that only the subpackage uses, no unused components or files), and its analyser must read
// the whole package without an error.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { scanWeapp } from '../../scripts/lib/weappScan.mjs'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const WEAPP = path.join(process.env.DIST_DIR || path.join(ROOT, 'dist'), 'weapp')
const KB = 1024

test('the WeChat code-quality scan passes every check', { timeout: 120_000 }, async () => {
  assert.ok(existsSync(path.join(WEAPP, 'app.json')), 'dist/weapp is missing: run `npm run build:weapp`')
  const { checks, analysis, packages, errors } = await scanWeapp(WEAPP)
  for (const check of checks) {
    // WeChat's texts name the rule; they read as a complaint only when the check fails.
    console.log(
      `${check.name}: ${check.success ? 'ok' : `FAILED (${check.text}) ${JSON.stringify(check.detail ?? '')}`}`,
    )
  }
  console.log(
    `analysed ${analysis.files.length} files; ${Object.entries(packages)
      .map(([name, bytes]) => `${name} ${(bytes / KB).toFixed(1)} KB`)
      .join(', ')}`,
  )
  assert.equal(checks.length, 11, `expected WeChat's 11 checks, got ${checks.map((c) => c.name).join(', ')}`)
  assert.deepEqual(errors, [], 'the scanner reported errors')
  assert.deepEqual(
    checks.filter((c) => !c.success).map((c) => c.name),
    [],
  )
  assert.ok(
    analysis.files.some((f) => f.path === 'app.js'),
    'the analyser did not read the package',
  )
  assert.ok(packages.pagesHome > 0, 'the analyser did not see the pagesHome subpackage')
})
