// The server compiled to JavaScript for `npm run start:prod`, systemd and the centre's commands (setup, check,
// backup, restore): files that node runs without tsx, with the contract's TypeScript inside them and
// the installed packages loaded from node_modules as they are.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** The built server: `node` runs this file. */
export const SERVER_BUILD = path.join(ROOT, 'server/dist/main.js')
/** The centre's commands in server/scripts/, each built beside the server as `<name>.js`. */
const COMMANDS = ['setup', 'backup', 'restore', 'check', 'moveToPostgres']

/** The install's settings (.env.example lists them), from .env when there is one; those already in the environment win. */
export function readInstallSettings() {
  const file = path.join(ROOT, '.env')
  if (existsSync(file)) process.loadEnvFile(file)
  // Where a command that sets one (setup, move-to-postgres) writes it.
  process.env.INSTALL_ENV_FILE ??= file
}

/** A message of the centre's commands in the terminal's language (LANG), as server/src/plugins/i18n.ts picks it. */
function commandMessage(key) {
  const lang = /^en/i.test(process.env.LANG ?? '') ? 'en' : 'zh-CN'
  return JSON.parse(readFileSync(path.join(ROOT, 'locales/server', `${lang}.json`), 'utf8'))[key]
}

/**
 * Runs the centre's command `name` (server/scripts/<name>.ts) with the install's settings: in
 * production what `npm run build` compiled, under node alone; in development its sources through tsx,
 * so that it always matches them.
 */
export async function runCommand(name) {
  readInstallSettings()
  if (process.env.NODE_ENV === 'production') {
    const built = path.join(path.dirname(SERVER_BUILD), `${name}.js`)
    if (!existsSync(built)) {
      console.error(commandMessage('command.notBuilt').replace('{name}', name))
      process.exit(1)
    }
    await import(pathToFileURL(built).href)
  } else {
    const { register } = await import('tsx/esm/api')
    register()
    await import(pathToFileURL(path.join(ROOT, `server/scripts/${name}.ts`)).href)
  }
}

/**
 * What the server reads beside its own module at run time (new URL('./…', import.meta.url)), copied
 * beside the built file; the rest (locales, the H5 app) it finds from the repository's root.
 */
const BESIDE = [
  ['server/src/db/migrations', 'migrations'],
  ['server/src/lib/commonPasswords.txt', 'commonPasswords.txt'],
]

/**
 * An esbuild plugin that leaves every package outside the built files but those `inside` matches:
 * node loads them from node_modules as they are.
 */
export const packagesOutside = (inside) => ({
  name: 'packages-outside',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      inside.test(args.path) ? undefined : { path: args.path, external: true },
    )
  },
})

/** Compiles the server and the centre's commands into server/dist/ and copies what they read beside them. */
export async function buildServer() {
  const outdir = path.dirname(SERVER_BUILD)
  rmSync(outdir, { recursive: true, force: true })
  mkdirSync(outdir, { recursive: true })
  // Only the build needs the bundler, not the start that reads SERVER_BUILD.
  const { build } = await import('esbuild')
  await build({
    entryPoints: {
      main: path.join(ROOT, 'server/src/main.ts'),
      ...Object.fromEntries(COMMANDS.map((name) => [name, path.join(ROOT, `server/scripts/${name}.ts`)])),
      // The thread an uploaded spreadsheet is read in: the server starts it from its file beside main.js.
      sheetWorker: path.join(ROOT, 'server/src/services/sheets/sheetWorker.ts'),
    },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    // The contract is TypeScript that node cannot load, so it goes into the file; every other
    // package stays a package.
    plugins: [packagesOutside(/^@yuezi\/contract\//)],
  })
  for (const [from, to] of BESIDE) cpSync(path.join(ROOT, from), path.join(outdir, to), { recursive: true })
  return SERVER_BUILD
}
