// Size budgets, asserted because bytes are exact: the weapp main package and
// each subpackage (WeChat's limits), and the JS an H5 user downloads first.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const DIST = process.env.DIST_DIR || path.join(ROOT, 'dist')
const WEAPP = path.join(DIST, 'weapp')
const H5 = path.join(DIST, 'h5')
const KB = 1024

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    return statSync(full).isDirectory() ? files(full) : [full]
  })
}

// Source maps are not uploaded with a mini program.
const packageBytes = (list) => list.filter((f) => !f.endsWith('.map')).reduce((n, f) => n + statSync(f).size, 0)

test('weapp main package ≤ 600 KB and each subpackage ≤ 500 KB', () => {
  assert.ok(existsSync(WEAPP), 'dist/weapp is missing: run `npm run build:weapp`')
  const app = JSON.parse(readFileSync(path.join(WEAPP, 'app.json'), 'utf8'))
  const roots = (app.subPackages || app.subpackages || []).map((p) => p.root.replace(/\/$/, ''))
  const all = files(WEAPP)
  const inRoot = (root) => (f) => path.relative(WEAPP, f).startsWith(`${root}/`)
  const main = all.filter((f) => !roots.some((root) => inRoot(root)(f)))
  const mainBytes = packageBytes(main)
  console.log(`weapp main package: ${(mainBytes / KB).toFixed(1)} KB`)
  assert.ok(mainBytes <= 600 * KB, `main package is ${(mainBytes / KB).toFixed(1)} KB (> 600 KB)`)
  for (const root of roots) {
    const bytes = packageBytes(all.filter(inRoot(root)))
    console.log(`weapp subpackage ${root}: ${(bytes / KB).toFixed(1)} KB`)
    assert.ok(bytes <= 500 * KB, `subpackage ${root} is ${(bytes / KB).toFixed(1)} KB (> 500 KB)`)
  }
})

test('H5 initial JS ≤ 200 KB gzip', () => {
  assert.ok(existsSync(H5), 'dist/h5 is missing: run `npm run build:h5`')
  const html = readFileSync(path.join(H5, 'index.html'), 'utf8')
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1])
  assert.ok(scripts.length > 0, 'index.html loads no script')
  const gzipBytes = scripts.reduce((n, src) => n + gzipSync(readFileSync(path.join(H5, src.replace(/^\//, '')))).length, 0)
  console.log(`H5 initial JS: ${(gzipBytes / KB).toFixed(1)} KB gzip (${scripts.length} files)`)
  assert.ok(gzipBytes <= 200 * KB, `initial JS is ${(gzipBytes / KB).toFixed(1)} KB gzip (> 200 KB)`)
})
