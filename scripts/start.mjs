// `npm start`: builds the H5 app when its sources changed since the last build, and starts the API
// server on the embedded database (seeded demo data), which also serves the app: one URL.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
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

const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { cwd: ROOT, stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
