// `npm start`: builds the H5 app when its sources changed since the last build, and starts the API
// server on the embedded database (seeded demo data), which also serves the app: one URL.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseEnv } from 'node:util'
import { tsImport } from 'tsx/esm/api'
import './lib/nodeVersion.mjs'
import { buildH5, h5BuildState, h5Dir } from './lib/h5Build.mjs'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

if (process.env.SKIP_H5_BUILD !== '1') {
  const dir = h5Dir()
  const shown = path.relative(ROOT, dir) || dir
  const state = h5BuildState(dir)
  if (state.build) {
    console.log(`Building the H5 app (${shown}): ${state.reason}…`)
    buildH5(dir, state.stamp)
  } else {
    console.log(`Using the H5 app in ${shown}: ${state.reason}`)
  }
}

/**
 * The demo's backups are encrypted as a centre's are, with .env's BACKUP_KEY, which `npm run backup`
 * and `npm run restore` read too: made on the first start that finds none.
 */
async function backupKey() {
  if (process.env.BACKUP_KEY) return process.env.BACKUP_KEY
  const file = path.join(ROOT, '.env')
  const kept = existsSync(file) ? parseEnv(readFileSync(file, 'utf8')).BACKUP_KEY : undefined
  if (kept) return kept
  const key = randomBytes(32).toString('base64')
  const { setInstallSetting } = await tsImport('../server/src/lib/installSettings.ts', import.meta.url)
  await setInstallSetting(file, 'BACKUP_KEY', key)
  console.log("Wrote a new BACKUP_KEY into .env: the demo's backups are encrypted with it (docs/backups.md).")
  return key
}

const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, BACKUP_KEY: await backupKey() },
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
