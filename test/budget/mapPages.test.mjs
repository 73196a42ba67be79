// The map (Leaflet) is H5's and its map pages' alone: it is in no first-load file of the login or
// home page, and nowhere in the mini program, which uses WeChat's own map pages.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { h5FirstLoad } from '../../scripts/lib/h5FirstLoad.mjs'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const DIST = process.env.DIST_DIR || path.join(ROOT, 'dist')
const H5 = path.join(DIST, 'h5')
const WEAPP = path.join(DIST, 'weapp')

// Class names Leaflet's code and stylesheet both carry, whatever the minifier renames.
const LEAFLET = /leaflet-(?:container|tile-pane|marker-pane)/

const leafletFiles = (dir, files) =>
  files.filter((file) => /\.(js|css)$/.test(file) && LEAFLET.test(readFileSync(path.join(dir, file), 'utf8')))

function allFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    return statSync(full).isDirectory() ? allFiles(full) : [full]
  })
}

test('H5: Leaflet is in no first-load file of login or home, and is loaded by the map pages', () => {
  assert.ok(existsSync(H5), 'dist/h5 is missing: run `npm run build:h5`')
  for (const route of ['pages/login/index', 'pages/tabPages/index']) {
    assert.deepEqual(leafletFiles(H5, h5FirstLoad(H5, route).files), [], `${route} first load carries Leaflet`)
  }
  // The check can fail: the map pages' own files do carry it, script and stylesheet.
  for (const route of ['pagesMap/chooseLocation/index', 'pagesMap/openLocation/index']) {
    const found = leafletFiles(H5, h5FirstLoad(H5, route).files)
    assert.ok(
      found.some((file) => file.endsWith('.js')) && found.some((file) => file.endsWith('.css')),
      `${route}: ${found}`,
    )
  }
})

test('weapp: no map pages and no Leaflet anywhere in the mini program', () => {
  assert.ok(existsSync(WEAPP), 'dist/weapp is missing: run `npm run build:weapp`')
  const app = JSON.parse(readFileSync(path.join(WEAPP, 'app.json'), 'utf8'))
  const roots = (app.subPackages || app.subpackages || []).map((pack) => pack.root)
  assert.ok(!roots.some((root) => /pagesMap/.test(root)), `subpackages: ${roots}`)
  const carrying = allFiles(WEAPP).filter(
    (file) => /\.(js|wxss)$/.test(file) && LEAFLET.test(readFileSync(file, 'utf8')),
  )
  assert.deepEqual(
    carrying.map((file) => path.relative(WEAPP, file)),
    [],
  )
})
