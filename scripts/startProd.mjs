// `npm run start:prod`: a centre's server, as `npm run build` made it: node on the compiled server,
// which serves the built H5 app, in production; nothing is compiled or built here.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { readInstallSettings, SERVER_BUILD } from './lib/buildServer.mjs'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

readInstallSettings()

const h5Dir = path.resolve(process.env.H5_DIR || path.join(ROOT, 'dist/h5'))
const missing = [
  [SERVER_BUILD, 'the compiled server'],
  [path.join(h5Dir, 'index.html'), 'the H5 app'],
].filter(([file]) => !existsSync(file))
if (missing.length) {
  for (const [file, what] of missing) console.error(`Missing ${what}: ${path.relative(ROOT, file) || file}`)
  console.error('Run `npm run build` first, then `npm run start:prod`.')
  process.exit(1)
}

process.env.NODE_ENV = 'production'
// Logged errors' stack frames then name the TypeScript sources, not the compiled file.
process.setSourceMapsEnabled(true)
await import(pathToFileURL(SERVER_BUILD).href)
