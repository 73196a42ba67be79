// Several instances of the product's server behind one address, as a chain of centres runs them:
// one PostgreSQL (a throwaway one unless DATABASE_URL names one), one S3-compatible object store
// (s3rver, on this machine), and N server processes started at once, each on its own port, sharing
// every setting that must be the same everywhere. Used by `npm run start:cluster` and the
// reliability tests.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import { freePort, startPostgres } from './postgres.mjs'
import { startServer } from './server.mjs'

/** s3rver's own account: any other key is refused. */
const S3RVER_KEY = 'S3RVER'
export const UPLOAD_BUCKET = 'yuezi-uploads'

/** `count` distinct free ports from `from` on. */
async function freePorts(count, from) {
  const ports = []
  for (let next = from; ports.length < count; next = ports.at(-1) + 1) ports.push(await freePort(next))
  return ports
}

/**
 * An S3-compatible object store on 127.0.0.1 with the uploads' bucket, its data in a temporary
 * folder. `env` is the S3_* settings that point a server at it.
 */
export async function startObjectStore({ port, portFrom = 58000 } = {}) {
  const directory = mkdtempSync(path.join(tmpdir(), 'yuezi-s3-'))
  const listenPort = port ?? (await freePort(portFrom))
  const store = new S3rver({
    address: '127.0.0.1',
    port: listenPort,
    directory,
    silent: true,
    configureBuckets: [{ name: UPLOAD_BUCKET }],
  })
  await store.run()
  const endpoint = `http://127.0.0.1:${listenPort}`
  return {
    endpoint,
    bucket: UPLOAD_BUCKET,
    directory,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: UPLOAD_BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      // s3rver knows buckets by path (http://host/bucket/key), not by host name.
      S3_FORCE_PATH_STYLE: '1',
    },
    async stop() {
      await store.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}

/**
 * Starts `size` instances at once (on an empty database they race to migrate it: one does, the
 * others wait for it). `databaseUrl` default: a throwaway PostgreSQL, seeded with the demo data.
 * `env` adds to every instance's settings; `portFrom` is where their ports start. Answers the
 * instances (each as scripts/lib/server.mjs answers it), the database (`pg`: null when it was
 * given), the object store and the settings they share; `stop()` ends all of it.
 */
export async function startCluster({
  size = 3,
  databaseUrl,
  env = {},
  portFrom = 57900,
  startTimeoutMs = 240_000,
  onOutput,
} = {}) {
  const pg = databaseUrl ? null : await startPostgres({ portFrom: portFrom + 100 })
  const s3 = await startObjectStore({ portFrom: portFrom + 200 })
  const shared = {
    DATABASE_URL: databaseUrl ?? pg.url,
    ...(pg ? { SEED: '1' } : {}),
    // PDF links and photos' links are signed by one instance and opened through any other.
    PDF_LINK_SECRET: randomBytes(32).toString('hex'),
    UPLOAD_LINK_SECRET: randomBytes(32).toString('hex'),
    // Behind the load balancer: the client's address and protocol come from X-Forwarded-*.
    TRUST_PROXY: '1',
    ...s3.env,
    ...env,
  }
  const ports = await freePorts(size, portFrom)
  const started = await Promise.allSettled(
    ports.map((port, i) =>
      startServer({ env: shared, port, startTimeoutMs, onOutput: onOutput && ((chunk) => onOutput(i, chunk)) }),
    ),
  )
  const instances = started.filter((s) => s.status === 'fulfilled').map((s) => s.value)
  async function stop() {
    await Promise.all(instances.map((instance) => instance.stop()))
    await s3.stop()
    pg?.stop()
  }
  const failed = started.find((s) => s.status === 'rejected')
  if (failed) {
    await stop()
    throw failed.reason
  }
  return { instances, pg, s3, shared, databaseUrl: shared.DATABASE_URL, stop }
}
