// `npm run start:cluster`: several instances of the API server on one PostgreSQL and one object
// store, for trying out what a chain of centres runs behind a load balancer (deploy/nginx.conf).
// Options: --instances N (default 3), --port P (the first instance's port, default 3001).
// DATABASE_URL: use that PostgreSQL instead of a throwaway one (then SEED=1 adds the demo data).
// Every instance's log lines (one JSON line per request) are shown, prefixed with its number.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { DEMO_ACCOUNTS } from '../server/src/demo/seed.ts'
import { startCluster } from './lib/cluster.mjs'
import { ROOT } from './lib/server.mjs'

const { values } = parseArgs({
  options: { instances: { type: 'string', default: '3' }, port: { type: 'string', default: '3001' } },
})
const size = Number(values.instances)
if (!Number.isInteger(size) || size < 1)
  throw new Error(`--instances must be a positive whole number, got ${values.instances}`)

console.log(
  `Starting ${size} instances${process.env.DATABASE_URL ? '' : ' on a throwaway PostgreSQL'} and a local object store…`,
)
const cluster = await startCluster({
  size,
  databaseUrl: process.env.DATABASE_URL || undefined,
  portFrom: Number(values.port),
  env: { LOG_LEVEL: process.env.LOG_LEVEL || 'info' },
  onOutput: (i, chunk) => process.stdout.write(String(chunk).replace(/^(?=.)/gm, `[${i + 1}] `)),
})

console.log('\nInstances (each serves the API, and the H5 app once it is built: npm run build:h5):')
cluster.instances.forEach((instance, i) => console.log(`  [${i + 1}] ${instance.url}`))
console.log(`PostgreSQL: ${cluster.databaseUrl}`)
console.log(`Object store (s3rver): ${cluster.s3.endpoint}, bucket ${cluster.s3.bucket}`)
console.log('Settings every instance shares:')
for (const name of [
  'DATABASE_URL',
  'PDF_LINK_SECRET',
  'UPLOAD_LINK_SECRET',
  'TRUST_PROXY',
  ...Object.keys(cluster.s3.env),
]) {
  console.log(`  ${name}=${name.endsWith('_SECRET') ? '(a random secret of this run)' : cluster.shared[name]}`)
}
if (cluster.pg || process.env.SEED === '1') {
  console.log('Demo accounts (account / password):')
  for (const demo of DEMO_ACCOUNTS) console.log(`  ${demo.account} / ${demo.password}`)
}
if (!existsSync(path.join(ROOT, 'dist/h5/index.html'))) console.log('The H5 app is not built: npm run build:h5')
console.log('Behind nginx: deploy/nginx.conf. Ctrl-C stops everything.\n')

let stopping = false
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return
    stopping = true
    await cluster.stop()
    process.exit(0)
  })
}
