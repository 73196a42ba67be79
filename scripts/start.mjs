// `npm start`: builds the H5 app and starts the API server on the embedded
// database (seeded demo data), which also serves the app: one URL.
import { spawn, spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

if (process.env.SKIP_H5_BUILD !== '1') {
  console.log('Building the H5 app (dist/h5)…')
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
  const precompress = spawnSync(process.execPath, ['--import', 'tsx', 'server/scripts/precompress.ts', 'dist/h5'], {
    cwd: ROOT,
    stdio: 'inherit',
  })
  if (precompress.status !== 0) process.exit(precompress.status ?? 1)
}

const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { cwd: ROOT, stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
