// What the compilers and the import graph say about the code: both TypeScript projects type-check,
// and no module of the app, the server or the contract they share imports itself back through others (type imports included).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const bin = (name) => path.join(ROOT, 'node_modules/.bin', name)

function run(cmd, args, cwd = ROOT) {
  const result = spawnSync(cmd, args, { cwd, encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 })
  return { status: result.status, output: `${result.stdout}${result.stderr}` }
}

test('the app type-checks (src, tests, config)', () => {
  const { status, output } = run(bin('tsc'), ['--noEmit', '-p', 'tsconfig.json'])
  assert.equal(status, 0, output)
})

test('the server type-checks (src, tests, scripts)', () => {
  const { status, output } = run(bin('tsc'), ['-p', 'tsconfig.json'], path.join(ROOT, 'server'))
  assert.equal(status, 0, output)
})

for (const [name, dir, tsconfig, extensions] of [
  ['the app', 'src', 'tsconfig.json', 'ts,tsx'],
  ['the server', 'server/src', 'server/tsconfig.json', 'ts'],
  ['the contract', 'packages/contract', 'server/tsconfig.json', 'ts'],
]) {
  test(`${name} has no import circle`, () => {
    const { status, output } = run(bin('madge'), [
      '--circular',
      '--no-spinner',
      '--no-color',
      '--extensions',
      extensions,
      '--ts-config',
      tsconfig,
      dir,
    ])
    assert.equal(status, 0, output)
    assert.match(output, /No circular dependency found/, output)
  })
}
