// What a production install relies on without running it: every setting the server reads is in
// .env.example and the docs' settings table, and `npm start` builds the H5 app only when it must.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { h5BuildNeeded, h5SourcesStamp } from '../../scripts/lib/h5Build.mjs'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const read = (file) => readFileSync(path.join(ROOT, file), 'utf8')

/** The environment variables server/src/config.ts reads: env.NAME, or a name handed to a reader ('NAME'). */
const configSettings = () => [
  ...new Set(
    [...read('server/src/config.ts').matchAll(/env\.([A-Z][A-Z0-9_]*)|'([A-Z][A-Z0-9_]*)'/g)].map((m) => m[1] ?? m[2]),
  ),
]

/** The names in the first column of docs/deployment.md's settings table. */
const docSettings = () => {
  const table = read('docs/deployment.md').split('## Configuration')[1].split('\n## ')[0]
  return [...table.matchAll(/^\| ([^|]+)\|/gm)].flatMap((m) =>
    [...m[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((n) => n[1]),
  )
}

/** The names .env.example sets or shows commented out at their default. */
const exampleSettings = () => [...read('.env.example').matchAll(/^(?:# )?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1])

test('every setting the server reads is in .env.example and in the docs settings table', () => {
  const settings = configSettings()
  assert.ok(settings.includes('DATABASE_URL') && settings.includes('PDF_LINK_SECRET'), settings.join(' '))
  const docs = docSettings()
  const example = exampleSettings()
  assert.deepEqual(
    settings.filter((name) => !docs.includes(name)),
    [],
    'read by server/src/config.ts, missing in docs/deployment.md',
  )
  assert.deepEqual(
    settings.filter((name) => !example.includes(name)),
    [],
    'read by server/src/config.ts, missing in .env.example',
  )
  assert.deepEqual(
    docs.filter((name) => !example.includes(name)),
    [],
    'named in docs/deployment.md, missing in .env.example',
  )
  assert.deepEqual(
    example.filter((name) => !docs.includes(name)),
    [],
    'in .env.example, not explained in docs/deployment.md',
  )
})

test('.env.example holds no secret: the secrets and keys are left empty', () => {
  const values = Object.fromEntries(
    [...read('.env.example').matchAll(/^(?:# )?([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [m[1], m[2]]),
  )
  for (const name of Object.keys(values).filter((key) => /SECRET|_KEY($|_)/.test(key))) {
    assert.equal(values[name], '', `${name} has a value in .env.example`)
  }
  assert.equal(values.NODE_ENV, 'production')
})

test('npm start builds the H5 app when there is none, when its sources changed or are unrecorded, else reuses it', () => {
  const stamp = 'a'.repeat(64)
  assert.equal(h5BuildNeeded({ built: false, lastStamp: stamp, stamp }).build, true)
  assert.equal(h5BuildNeeded({ built: true, lastStamp: null, stamp }).build, true)
  assert.equal(h5BuildNeeded({ built: true, lastStamp: 'b'.repeat(64), stamp }).build, true)
  const same = h5BuildNeeded({ built: true, lastStamp: stamp, stamp })
  assert.equal(same.build, false)
  assert.match(same.reason, /unchanged/)
})

test('the sources stamp is the same for the same sources, and differs with a setting baked into the build', () => {
  const env = { TARO_APP_API_BASE: 'https://api.example.com' }
  const stamp = h5SourcesStamp(env)
  assert.match(stamp, /^[0-9a-f]{64}$/)
  assert.equal(h5SourcesStamp({ ...env, UNRELATED: '1' }), stamp)
  assert.notEqual(h5SourcesStamp({ TARO_APP_API_BASE: 'https://other.example.com' }), stamp)
})
