// The server's test files compiled for scripts/test.sh: each file one JavaScript file with the
// server's sources, the contract and the pure-JavaScript packages inside, which node loads in a
// fraction of the time tsx takes to resolve and compile the thousand modules a file imports (most
// of a short file's time, paid once a file on each engine). Each source keeps its own
// import.meta.url, so that what it reads beside itself (migrations, fixtures, the sheet worker) is
// where it always was.
// Usage: node scripts/buildTests.mjs <out folder under server/> <test files…>
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { packagesOutside } from '../../scripts/lib/buildServer.mjs'

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const [outdir, ...files] = process.argv.slice(2)

/** Packages inside the files: JavaScript only, read from nothing beside themselves. */
const INSIDE = /^(@yuezi\/contract|typebox|drizzle-orm)(\/|$)/

await build({
  entryPoints: files.map((file) => path.resolve(SERVER, file)),
  outbase: SERVER,
  outdir: path.resolve(SERVER, outdir),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [
    // A package left outside is loaded by node as it is (native code, WebAssembly, files of its own).
    packagesOutside(INSIDE),
    {
      name: 'own-location',
      setup(b) {
        b.onLoad({ filter: /\.[cm]?ts$/ }, async (args) => {
          const source = await readFile(args.path, 'utf8')
          if (!source.includes('import.meta.url')) return undefined
          const url = JSON.stringify(pathToFileURL(args.path).href)
          return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' }
        })
      },
    },
  ],
})
