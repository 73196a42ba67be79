// The builds and what is measured on them without a browser: weapp package sizes, WeChat's own
// scan and analysis (scripts/lib/weappScan.mjs), H5 first-load JS and CSS of pages
// (scripts/lib/h5FirstLoad.mjs).
import { existsSync } from 'node:fs'
import path from 'node:path'
import { h5FirstLoad } from '../lib/h5FirstLoad.mjs'
import { scanWeapp } from '../lib/weappScan.mjs'
import { DIST, kb, printTable, ROOT, run, seconds } from './lib.mjs'

const WEAPP = path.join(DIST, 'weapp')
const H5 = path.join(DIST, 'h5')

/** The H5 pages whose first load is measured (routes as the browser asks for them). */
export const H5_PAGES = { login: '/pages/login/index', home: '/pages/tabPages/index' }

/** Both builds, then the H5 build's precompressed copies (server/scripts/precompress.ts), each timed. */
export async function buildSection() {
  const steps = [
    ['weapp', path.join(ROOT, 'node_modules/.bin/taro'), ['build', '--type', 'weapp']],
    ['h5', path.join(ROOT, 'node_modules/.bin/taro'), ['build', '--type', 'h5']],
    ['h5 precompressed (.br, .gz)', process.execPath, ['--import', 'tsx', 'server/scripts/precompress.ts', H5]],
  ]
  const rows = []
  for (const [name, command, args] of steps) {
    const started = Date.now()
    await run(command, args, { env: { DIST_DIR: DIST } })
    rows.push([name, seconds((Date.now() - started) / 1000)])
  }
  printTable(`Builds (into ${DIST})`, ['step', 'time'], rows)
}

const needBuild = (dir, file) => {
  if (!existsSync(path.join(dir, file))) throw new Error(`${dir} has no build: run the bench without --no-build`)
}

export async function weappSection() {
  needBuild(WEAPP, 'app.json')
  const { checks, analysis, packages, errors } = await scanWeapp(WEAPP)
  printTable(
    'weapp packages (bytes without source maps, as WeChat counts them)',
    ['package', 'bytes', 'size'],
    Object.entries(packages).map(([name, bytes]) => [name, bytes, kb(bytes)]),
  )
  printTable(
    "WeChat's code-quality scan (miniprogram-ci checkCodeQuality, offline)",
    ['check', 'passed', 'what it found'],
    checks.map((check) => [check.name, check.success ? 'yes' : 'NO', check.success ? '' : check.text]),
    errors.map((error) => `scanner: ${error.split('\n')[0]}`),
  )
  // analyseCode's dependency graph: the files of each package by kind, and the modules by type.
  const byKind = new Map()
  for (const file of analysis.files) {
    const key = `${file.subPackage?.replace(/\/$/, '') ?? 'main'} ${file.ext}`
    const [n, bytes] = byKind.get(key) ?? [0, 0]
    byKind.set(key, [n + 1, bytes + file.size])
  }
  const moduleTypes = new Map()
  for (const module of analysis.modules) moduleTypes.set(module.type, (moduleTypes.get(module.type) ?? 0) + 1)
  printTable(
    "WeChat's static dependency analysis (miniprogram-ci analyseCode)",
    ['package and file kind', 'files', 'bytes'],
    [...byKind].sort().map(([key, [n, bytes]]) => [key, n, bytes]),
    [`modules: ${[...moduleTypes].map(([type, n]) => `${n} ${type}`).join(', ')}`],
  )
}

export async function h5Section() {
  needBuild(H5, 'index.html')
  const rows = Object.entries(H5_PAGES).map(([page, route]) => {
    const load = h5FirstLoad(H5, route.replace(/^\//, ''))
    return [page, route, load.files.length, kb(load.js), kb(load.jsGzip), kb(load.css), kb(load.cssGzip)]
  })
  printTable(
    'H5 first load (index.html and the page chunks a cold start downloads)',
    ['page', 'route', 'files', 'JS', 'JS gzip', 'CSS', 'CSS gzip'],
    rows,
  )
}
