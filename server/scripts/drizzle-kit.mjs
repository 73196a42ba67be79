// Runs drizzle-kit (e.g. `npm run db:generate`). npm installed drizzle-kit in the repo's root
// node_modules but drizzle-orm in server/node_modules, where drizzle-kit does not look; so it runs
// with both of its module loaders able to reach server/node_modules: require() through NODE_PATH,
// import() through a resolve hook.
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const serverDir = fileURLToPath(new URL('..', import.meta.url))
const fromServer = JSON.stringify(new URL('../package.json', import.meta.url).href)
const hook = `export function resolve(s, c, next) { return next(s, s.startsWith('drizzle-orm') ? { ...c, parentURL: ${fromServer} } : c) }`
const registerHook = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)});`
const kitDir = path.dirname(createRequire(import.meta.url).resolve('drizzle-kit'))

const { status } = spawnSync(
  process.execPath,
  [
    '--import',
    `data:text/javascript,${encodeURIComponent(registerHook)}`,
    path.join(kitDir, 'bin.cjs'),
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit', cwd: serverDir, env: { ...process.env, NODE_PATH: path.join(serverDir, 'node_modules') } },
)
process.exit(status ?? 1)
