// `npm run build`: what `npm run start:prod` runs, made once: the server compiled to JavaScript
// (server/dist) and the H5 app with its compressed copies (dist/h5).
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildServer } from './lib/buildServer.mjs'
import { buildH5, h5Dir } from './lib/h5Build.mjs'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

console.log('Compiling the server (server/dist)…')
await buildServer()
console.log(`Building the H5 app (${path.relative(ROOT, h5Dir())})…`)
buildH5()
console.log('Built: start it with npm run start:prod')
