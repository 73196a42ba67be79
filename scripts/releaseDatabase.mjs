// Writes the database of this release, for the upgrade test of every later one: the demo data, a
// signed-in session, a read in the access log, an upload and a signed acknowledgement of the
// check-in rules (the kinds the demo data leaves empty), as pg_dump's SQL (loaded by the test into the
// embedded database). Run at each release tag:
//   node --import tsx scripts/releaseDatabase.mjs
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { startPostgres } from './lib/postgres.mjs'
import { buildApp } from '../server/src/app.ts'
import { loadConfig } from '../server/src/config.ts'

const serverDir = fileURLToPath(new URL('../server/', import.meta.url))
const { version } = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8'))
const target = path.join(serverDir, 'test/fixtures/releases', `v${version}.sql.gz`)

/** A 2×1 PNG uploaded as a signature; answers the link the reply hands out. */
async function uploadPicture(app, token) {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADklEQVQImWMQERFpAGEABWEBee9hnJYAAAAASUVORK5CYII=',
    'base64',
  )
  const boundary = '----yuezi-release'
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="sign.png"\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const reply = await app.inject({
    method: 'POST',
    url: '/api/admin/oss/upload',
    payload,
    headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}` },
  })
  return reply.json().data.url
}

const pg = await startPostgres()
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'yuezi-release-'))
try {
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: pg.url, SEED: '1' })
  const app = await buildApp({ ...config, logLevel: 'silent' })
  const post = async (url, body, token) =>
    (await app.inject({ method: 'POST', url, payload: body, headers: token ? { token } : {} })).json()
  const { res } = await post('/api/care/account/login_old', { account: 'demo', password: 'demo1234' })
  const [customer] = (await post('/api/care/customer/index', { page: 1, limit: 1 }, res.token)).res.list
  await post('/api/care/customer/timeline', { customer_id: customer.id, page: 1, limit: 20 }, res.token)
  const signature = await uploadPicture(app, res.token)
  const survey = (await post('/api/care/index/getSurvey', {}, res.token)).res
  const data = { agree: ['yes'], customer_signature: signature, sign_date: customer.stay.check_in_date }
  const answer = await post(
    '/api/care/index/answerSave',
    { customer_id: customer.id, survey_id: survey.id, data },
    res.token,
  )
  if (answer.code !== 1) throw new Error(`the acknowledgement was refused: ${answer.msg}`)
  await app.close()

  // Plain INSERTs and no psql commands (\restrict): the embedded database runs SQL as it is, and
  // has no COPY from standard input.
  const sql = pg
    .dump(['--inserts', '--rows-per-insert=100', '--no-owner', '--no-privileges'])
    .toString('utf8')
    .replace(/^\\.*$/gm, '')
  writeFileSync(target, gzipSync(sql, { level: 9 }))
  const empty = pg
    .psql(
      `select string_agg(table_name, ', ' order by table_name) from information_schema.tables t
       where table_schema = 'public' and (xpath('/row/n/text()',
         query_to_xml(format('select count(*) as n from public.%I', table_name), false, true, '')))[1]::text = '0'`,
    )
    .trim()
  console.log(`tables left empty by the demo data: ${empty || 'none'}`)
  console.log(target)
} finally {
  rmSync(dataDir, { recursive: true, force: true })
  pg.stop()
}
