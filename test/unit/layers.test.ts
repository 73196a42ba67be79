import { readdirSync, readFileSync, statSync } from 'node:fs'
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

const drawing = [
  'components',
  'pages',
  'pagesHome',
  'pagesMap',
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

describe('layers', () => {
  it.each(drawing)('nothing under src/%s imports an API module', (dir) => {
    const offenders = files(path.join(SRC, dir)).filter((file) => API_IMPORT.test(readFileSync(file, 'utf8')))
    expect(offenders.map((file) => path.relative(SRC, file))).toEqual([])
  })
})
