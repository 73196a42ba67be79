import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

// Data flows one way: pages and components render and call store actions; only stores call the
// server. So nothing that draws imports an API module (types included).
const SRC = path.resolve(__dirname, '../../src')

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    return statSync(full).isDirectory() ? files(full) : /\.tsx?$/.test(name) ? [full] : []
  })
}

// The subpackages are read from the app's own config, so that a new one is guarded from its first page.
;(globalThis as { defineAppConfig?: (config: unknown) => unknown }).defineAppConfig = (config) => config
const appConfig = require('../../src/app.config').default as { subPackages: { root: string }[] }
const SUBPACKAGES = appConfig.subPackages.map((subpackage) => subpackage.root.replace(/^\//, '').split('/')[0])

const drawing = [
  'components',
  'pages',
  ...SUBPACKAGES,
  ...readdirSync(path.join(SRC, 'features'))
    .map((feature) => `features/${feature}/components`)
    .filter((dir) => {
      try {
        return statSync(path.join(SRC, dir)).isDirectory()
      } catch {
        return false
      }
    }),
]

/** An import of `@/api/…`, of a feature's `api/…`, or of an `api` folder by a relative path. */
const API_IMPORT = /from\s+['"](@\/api\/|@\/features\/[^'"]+\/api\/|(?:\.\.?\/)+(?:[^'"]*\/)?api\/)/

const FEATURES = readdirSync(path.join(SRC, 'features')).filter((name) =>
  statSync(path.join(SRC, 'features', name)).isDirectory(),
)

/** The module `spec` names in `file`, as a path from src (`features/forms/index`). */
const fromSrc = (file: string, spec: string) =>
  spec.startsWith('@/')
    ? spec.slice(2)
    : path
        .relative(SRC, path.resolve(path.dirname(file), spec))
        .split(path.sep)
        .join('/')

/** What `file` imports, as paths from src (`features/forms/index`), and whether only for its effect. */
function importsOf(file: string): { target: string; bare: boolean }[] {
  const text = readFileSync(file, 'utf8')
  const found = [
    ...[...text.matchAll(/\bfrom\s+['"]([^'"]+)['"]/g)].map((m) => ({ spec: m[1], bare: false })),
    ...[...text.matchAll(/\bimport\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => ({ spec: m[1], bare: !m[0].includes('(') })),
  ]
  return found
    .filter(({ spec }) => spec.startsWith('@/') || spec.startsWith('.'))
    .map(({ spec, bare }) => ({ target: fromSrc(file, spec), bare }))
}

/** The names `file` imports, other than as types only, from the module at `target` (a path from src). */
function namesImported(file: string, target: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/\bimport\s+(type\s+)?\{([^}]*)\}\s*from\s+['"]([^'"]+)['"]/g)]
    .filter(([, typeOnly, , spec]) => !typeOnly && fromSrc(file, spec) === target)
    .flatMap(([, , names]) => names.split(',').map((name) => name.trim().split(/\s+/)[0]))
}

/** The form definitions of packages/contract: a module exporting a FormDefinition is one form's (or a few). */
const DEFINITIONS = path.resolve(SRC, '../packages/contract/forms/definitions')
const FORM_DEFINITIONS = readdirSync(DEFINITIONS)
  .filter((name) => /export const \w+: FormDefinition\b/.test(readFileSync(path.join(DEFINITIONS, name), 'utf8')))
  .map((name) => name.replace(/\.ts$/, ''))

/** The feature a path from src belongs to (`features/<name>/…`), if any. */
const featureOf = (target: string) =>
  FEATURES.find((name) => target === `features/${name}` || target.startsWith(`features/${name}/`))

describe('layers', () => {
  it.each(drawing)('nothing under src/%s imports an API module', (dir) => {
    const offenders = files(path.join(SRC, dir)).filter((file) => API_IMPORT.test(readFileSync(file, 'utf8')))
    expect(offenders.map((file) => path.relative(SRC, file))).toEqual([])
  })

  // The app-wide stores serve every feature, so they may not depend on one.
  it('nothing under src/stores imports a feature', () => {
    const offenders = files(path.join(SRC, 'stores')).flatMap((file) =>
      importsOf(file)
        .filter(({ target }) => target.startsWith('features/'))
        .map(({ target }) => `${path.relative(SRC, file)} → ${target}`),
    )
    expect(offenders).toEqual([])
  })

  // A page reads the current mother once and hands her to its store, which works on the mother it
  // is given: a store that read (or set) the app's current customer itself could not be opened for another.
  it.each(FEATURES)("no store of src/features/%s imports the app's current customer", (feature) => {
    const dir = path.join(SRC, 'features', feature, 'stores')
    const offenders = (existsSync(dir) ? files(dir) : []).filter(
      (file) =>
        importsOf(file).some(({ target }) => target === 'stores/customer') ||
        [...namesImported(file, 'stores'), ...namesImported(file, 'stores/index')].includes('customerStore'),
    )
    expect(offenders.map((file) => path.relative(SRC, file))).toEqual([])
  })

  // The form engine draws whichever definition its page hands it; a form with logic of its own (the
  // check-in notices, the check-in rules, the visits) is a feature of its own.
  it('src/features/forms imports no particular form', () => {
    const offenders = files(path.join(SRC, 'features', 'forms')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/from\s+['"]@yuezi\/contract\/forms\/definitions\/([\w-]+)['"]/g)]
        .filter(([, module]) => FORM_DEFINITIONS.includes(module))
        .map(([, module]) => `${path.relative(SRC, file)} → ${module}`),
    )
    expect(offenders).toEqual([])
  })

  // A feature's index.ts is its public face; its wording is registered by importing its locales for
  // their effect, which an index (free of effects, so that pages take only what they use) cannot carry.
  it.each(FEATURES)('src/features/%s imports another feature only through its index', (feature) => {
    const offenders = files(path.join(SRC, 'features', feature)).flatMap((file) =>
      importsOf(file)
        .filter(({ target, bare }) => {
          const other = featureOf(target)
          if (!other || other === feature) return false
          const inside = target.slice(`features/${other}`.length)
          return !(inside === '' || inside === '/index' || (bare && inside === '/locales'))
        })
        .map(({ target }) => `${path.relative(SRC, file)} → ${target}`),
    )
    expect(offenders).toEqual([])
  })
})
