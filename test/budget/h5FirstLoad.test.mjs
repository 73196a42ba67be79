// The first-load measure the budget and the bench rely on: index.html's scripts and
// stylesheets plus the page's chunks from page-assets.json, each file counted once.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { h5FirstLoad } from '../../scripts/lib/h5FirstLoad.mjs'

function fakeBuild(files) {
  const dir = mkdtempSync(path.join(tmpdir(), 'h5-first-load-'))
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
    writeFileSync(path.join(dir, name), content)
  }
  return dir
}

test('counts index.html files and the page chunks once each, raw and gzip', (t) => {
  const js = {
    'js/runtime.js': 'a'.repeat(100),
    'js/app.js': 'b'.repeat(300),
    'js/shared.js': 'c'.repeat(50),
    'js/login.js': 'd'.repeat(20),
    'js/home.js': 'e'.repeat(999),
  }
  const dir = fakeBuild({
    ...js,
    'css/app.css': 'x'.repeat(40),
    'css/login.css': 'y'.repeat(10),
    'index.html':
      '<script defer src="/js/runtime.js"></script><script defer src="/js/app.js"></script><link href="/css/app.css" rel="stylesheet">',
    'page-assets.json': JSON.stringify({
      'pages/login/index': ['css/login.css', 'js/login.js', 'js/shared.js', 'js/app.js'],
      'pages/home/index': ['js/home.js', 'js/shared.js'],
    }),
  })
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  const load = h5FirstLoad(dir, 'pages/login/index')
  const counted = ['js/runtime.js', 'js/app.js', 'js/login.js', 'js/shared.js']
  assert.equal(load.js, 100 + 300 + 50 + 20)
  assert.equal(load.css, 40 + 10)
  assert.equal(
    load.jsGzip,
    counted.reduce((n, f) => n + gzipSync(js[f]).length, 0),
  )
  assert.equal(load.cssGzip, gzipSync('x'.repeat(40)).length + gzipSync('y'.repeat(10)).length)
  assert.deepEqual([...load.files].sort(), [...counted, 'css/app.css', 'css/login.css'].sort())
  assert.throws(() => h5FirstLoad(dir, 'pages/nowhere/index'), /not a page/)
})
