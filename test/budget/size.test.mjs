// Size budgets, asserted because bytes are exact: the weapp main package and
// each subpackage (WeChat's limits). The H5 first load is measured as Chromium
// downloads it (h5Network.test.mjs).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const DIST = process.env.DIST_DIR || path.join(ROOT, 'dist')
const WEAPP = path.join(DIST, 'weapp')
const KB = 1024
/** A little above what the main package weighs, so that growth shows. */
const MAIN_BUDGET = 576 * KB

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    return statSync(full).isDirectory() ? files(full) : [full]
  })
}

// Source maps are not uploaded with a mini program.
const packageBytes = (list) => list.filter((f) => !f.endsWith('.map')).reduce((n, f) => n + statSync(f).size, 0)

test(`weapp main package ≤ ${MAIN_BUDGET / KB} KB and each subpackage ≤ 500 KB`, () => {
  assert.ok(existsSync(WEAPP), 'dist/weapp is missing: run `npm run build:weapp`')
  const app = JSON.parse(readFileSync(path.join(WEAPP, 'app.json'), 'utf8'))
  const roots = (app.subPackages || app.subpackages || []).map((p) => p.root.replace(/\/$/, ''))
  const all = files(WEAPP)
  const inRoot = (root) => (f) => path.relative(WEAPP, f).startsWith(`${root}/`)
  const main = all.filter((f) => !roots.some((root) => inRoot(root)(f)))
  const mainBytes = packageBytes(main)
  console.log(`weapp main package: ${(mainBytes / KB).toFixed(1)} KB`)
  assert.ok(mainBytes <= MAIN_BUDGET, `main package is ${(mainBytes / KB).toFixed(1)} KB (> ${MAIN_BUDGET / KB} KB)`)
  for (const root of roots) {
    const bytes = packageBytes(all.filter(inRoot(root)))
    console.log(`weapp subpackage ${root}: ${(bytes / KB).toFixed(1)} KB`)
    assert.ok(bytes <= 500 * KB, `subpackage ${root} is ${(bytes / KB).toFixed(1)} KB (> 500 KB)`)
  }
})
