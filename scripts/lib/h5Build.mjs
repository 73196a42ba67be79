// The H5 app's build, shared by `npm start` and `npm run build`, and the stamp that lets `npm start`
// skip it when nothing the build reads has changed since the last one.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** Where Taro writes the H5 app (DIST_DIR moves it, as config/index.ts does). */
export const h5Dir = (env = process.env) => path.join(env.DIST_DIR || path.join(ROOT, 'dist'), 'h5')

/**
 * What the H5 build reads from the repository: the app, its words and settings, the contract, the
 * installed packages, and the files Taro takes TARO_APP_* settings from.
 */
export const H5_SOURCES = [
  'src',
  'locales',
  'config',
  'packages/contract',
  'types',
  'patches',
  'package.json',
  'package-lock.json',
  'babel.config.js',
  'tsconfig.json',
  'project.config.json',
  '.env',
  '.env.local',
  '.env.production',
  '.env.production.local',
]

function filesUnder(entry) {
  const full = path.join(ROOT, entry)
  if (!existsSync(full)) return []
  if (!statSync(full).isDirectory()) return [entry]
  return readdirSync(full, { withFileTypes: true })
    .filter((item) => item.name !== 'node_modules')
    .flatMap((item) => filesUnder(path.join(entry, item.name)))
}

/**
 * A hash of every source file's path and content, and of the settings baked into the build
 * (TARO_APP_*): the same sources give the same stamp whatever their files' times.
 */
export function h5SourcesStamp(env = process.env) {
  const hash = createHash('sha256')
  for (const file of H5_SOURCES.flatMap(filesUnder).sort()) {
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(ROOT, file)))
      .update('\0')
  }
  for (const name of Object.keys(env)
    .filter((key) => key.startsWith('TARO_APP_'))
    .sort()) {
    hash.update(`${name}=${env[name]}\0`)
  }
  return hash.digest('hex')
}

/** The stamp of the sources the build in `dir` was made from; beside it, so that it is not served with the app. */
const stampFile = (dir) => `${dir}.sources`

/**
 * Whether `npm start` must build the H5 app: when there is no build, when nothing records what it
 * was built from (a build by hand or by the tests), or when the sources differ from those it was.
 */
export function h5BuildNeeded({ built, lastStamp, stamp }) {
  if (!built) return { build: true, reason: 'no build yet' }
  if (!lastStamp) return { build: true, reason: 'the build does not record its sources' }
  if (lastStamp !== stamp) return { build: true, reason: 'its sources changed since the last build' }
  return { build: false, reason: 'its sources are unchanged since the last build' }
}

/** What h5BuildNeeded decides for the build in `dir` and the sources as they are now. */
export function h5BuildState(dir = h5Dir(), env = process.env) {
  const stamp = h5SourcesStamp(env)
  const lastStamp = existsSync(stampFile(dir)) ? readFileSync(stampFile(dir), 'utf8').trim() : null
  return { stamp, ...h5BuildNeeded({ built: existsSync(path.join(dir, 'index.html')), lastStamp, stamp }) }
}

/**
 * Builds the H5 app into `dir` with its brotli/gzip copies, then records the sources' stamp;
 * exits the process with the build's output when it fails.
 */
export function buildH5(dir = h5Dir(), stamp = h5SourcesStamp()) {
  // A build cut off half way must not pass for one made from these sources.
  rmSync(stampFile(dir), { force: true })
  // Progress bars are noise here: the build's output is shown only when it fails.
  const build = spawnSync(path.join(ROOT, 'node_modules/.bin/taro'), ['build', '--type', 'h5'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  if (build.status !== 0) {
    process.stderr.write(`${build.stdout}\n${build.stderr}`)
    process.exit(build.status ?? 1)
  }
  // Brotli/gzip copies beside the build, which the server sends as they are.
  const precompress = spawnSync(process.execPath, ['--import', 'tsx', 'server/scripts/precompress.ts', dir], {
    cwd: ROOT,
    stdio: 'inherit',
  })
  if (precompress.status !== 0) process.exit(precompress.status ?? 1)
  writeFileSync(stampFile(dir), `${stamp}\n`)
}
