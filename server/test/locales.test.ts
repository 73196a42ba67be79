import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { it } from 'node:test'
import { repoRoot } from '../src/config.js'

const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8')
const zh = JSON.parse(read('locales/server/zh-CN.json'))
const en = JSON.parse(read('locales/server/en.json'))

it('has every message in both languages', () => {
  assert.deepEqual(Object.keys(en).sort(), Object.keys(zh).sort())
})

it('has a message for every key the server uses', () => {
  // The centre's commands in server/scripts speak from the same messages.
  const sources = ['server/src', 'server/scripts']
    .flatMap((folder) =>
      readdirSync(path.join(repoRoot, folder), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.ts'))
        .map((file) => read(path.join(folder, file))),
    )
    .join('\n')
  const used = [
    ...sources.matchAll(
      /'((?:error|validation|auth|site|password|customer|upload|form|record|medicine|survey|product|order|stock)\.\w+|command\.[\w.]+)'/g,
    ),
  ].map((m) => m[1])
  assert.ok(used.length > 20)
  for (const key of used) assert.ok(key in zh, key)
})

it('has a message for every status an order change can meet', () => {
  // services/orders/engine.ts notInStatus: order.<verb>.<status>, the status that does not allow the verb.
  const refused = {
    check: ['approved', 'rejected', 'reversed'],
    reverse: ['pending', 'rejected', 'reversed'],
    edit: ['approved', 'rejected', 'reversed'],
    delete: ['approved', 'rejected', 'reversed'],
  }
  for (const [verb, statuses] of Object.entries(refused)) {
    for (const status of statuses) assert.ok(`order.${verb}.${status}` in zh, `order.${verb}.${status}`)
  }
})
