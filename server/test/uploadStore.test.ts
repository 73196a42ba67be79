import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3'
import type { FastifyInstance } from 'fastify'
import S3rver from 's3rver'
import sharp from 'sharp'
import { loadConfig } from '../src/config.js'
import { DEMO_SIGNATURE } from '../src/demo/common.js'
import { signUploadLink } from '../src/services/uploads/link.js'
import { addSite, call, startApp, uploadFile, type TestSite } from './helpers.js'

// Uploads in an S3-compatible bucket (a real s3rver on this machine): what one instance stores,
// the others serve and print, and none keeps it on its own disk.

const work = mkdtempSync(path.join(os.tmpdir(), 'yuezi-s3-'))
process.on('exit', () => rmSync(work, { recursive: true, force: true }))
const BUCKET = 'yuezi-uploads'
const KEYS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' }

let s3rver: S3rver
let endpoint: string
let bucket: S3Client
/** Two instances, each with a folder of its own (and, without PostgreSQL, a database of its own). */
let first: FastifyInstance
let second: FastifyInstance
let site: TestSite
const dataDirs = ['first', 'second'].map((name) => path.join(work, name))

/** An instance whose uploads go to the bucket, read through loadConfig as a deployment sets them. */
function startOnBucket(dataDir: string) {
  const { s3, csp } = loadConfig({ ...process.env, S3_ENDPOINT: endpoint, S3_BUCKET: BUCKET, ...KEYS })
  return startApp({ s3, csp, dataDir, uploadLinks: LINKS })
}

/** The instances share the secret of the upload links, as a deployment's instances do. */
const LINKS = { secret: Buffer.from('the upload links of both instances'), secretIsRandom: false, ttlSeconds: 600 }
/** A link to the stored file, as a reply to the staff of site 1 (the demo's account 1) hands it out. */
const linkTo = (name: string) => `/uploads/${name}?link=${signUploadLink(LINKS, name, { siteId: 1, accountId: 1 })}`

const bytesInBucket = async (name: string) =>
  Buffer.from(
    await (await bucket.send(new GetObjectCommand({ Bucket: BUCKET, Key: name }))).Body!.transformToByteArray(),
  )

before(async () => {
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: path.join(work, 's3'),
    silent: true,
    configureBuckets: [{ name: BUCKET }],
  })
  endpoint = `http://127.0.0.1:${(await s3rver.run()).port}`
  bucket = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  })
  first = await startOnBucket(dataDirs[0])
  second = await startOnBucket(dataDirs[1])
  site = await addSite(first)
})

after(async () => {
  await first?.close()
  await second?.close()
  bucket?.destroy()
  s3rver?.httpServer?.closeAllConnections()
  await s3rver?.close().catch(() => {})
})

describe('uploads in an S3-compatible bucket', () => {
  it('puts the demo signature in the bucket', async () => {
    await bucket.send(new HeadObjectCommand({ Bucket: BUCKET, Key: path.basename(DEMO_SIGNATURE) }))
  })

  it('serves an image uploaded through one instance from another, and keeps it in the bucket, not on disk', async () => {
    const signature = (await first.inject({ method: 'GET', url: linkTo(path.basename(DEMO_SIGNATURE)) })).rawPayload
    const reply = (await uploadFile(first, 'sign.png', signature, { token: site.token, host: 'care.example' })).json()
    assert.equal(reply.err, 0, reply.message)
    const url = new URL(reply.data.url)
    assert.equal(url.origin, 'http://care.example')
    const name = /^\/uploads\/([0-9a-f-]{36}\.png)$/.exec(url.pathname)?.[1]
    assert.ok(name, url.pathname)
    // Kept re-encoded, as a PNG still.
    const kept = await bytesInBucket(name)
    assert.equal((await sharp(kept).metadata()).format, 'png')
    for (const dir of dataDirs) assert.ok(!existsSync(path.join(dir, 'uploads')), `an uploads folder in ${dir}`)

    // The record that carries it prints it: the PDF reads the picture from the bucket.
    const survey = (await call(first, '/api/care/index/getSurvey', {}, { token: site.token })).res
    const customer = site.customers[0]
    const data = { agree: ['yes'], customer_signature: reply.data.url, sign_date: '2026-03-04' }
    // Saved through the address it was uploaded through, as a device does.
    const saved = await call(
      first,
      '/api/care/index/answerSave',
      { customer_id: customer.id, survey_id: survey.id, data },
      { token: site.token, host: 'care.example' },
    )
    assert.equal(saved.code, 1, saved.msg)
    const link = await call(first, '/api/care/index/formRecordPdf', { answer_id: saved.res.id }, { token: site.token })
    assert.equal(link.code, 1, link.msg)
    const pdf = path.join(work, 'answer.pdf')
    writeFileSync(pdf, (await first.inject({ method: 'GET', url: link.res.url })).rawPayload)
    const images = execFileSync('pdfimages', ['-list', pdf], { encoding: 'utf8' }).split('\n').slice(2)
    assert.equal(images.filter((line) => line.trim().split(/\s+/)[2] === 'image').length, 1)

    // A link opens for a staff member the instance knows: without PostgreSQL each instance has a
    // database of its own, where the demo's is known and the test site's is not.
    const shown = process.env.DATABASE_URL ? `${url.pathname}${url.search}` : linkTo(name)
    const served = await second.inject({ method: 'GET', url: shown })
    assert.equal(served.statusCode, 200)
    assert.equal(served.headers['content-type'], 'image/png')
    assert.equal(served.headers['cross-origin-resource-policy'], 'same-site')
    assert.deepEqual(served.rawPayload, kept)
    assert.equal((await second.inject({ method: 'GET', url: linkTo('none.png') })).statusCode, 404)
  })

  it('is ready while the bucket answers, and says the file storage is down when it does not', async () => {
    assert.deepEqual((await second.inject('/api/ready')).json(), { code: 1, msg: '成功', res: null })
    s3rver.httpServer.closeAllConnections()
    await s3rver.close()
    const started = Date.now()
    const ready = await second.inject('/api/ready')
    assert.ok(Date.now() - started < 10_000, `answered in ${Date.now() - started} ms`)
    assert.equal(ready.statusCode, 503)
    assert.deepEqual(ready.json(), { code: -500, msg: '文件存储暂时无法连接，请稍后再试', res: null })
    assert.match(
      (await second.inject({ url: '/api/ready', headers: { lang: 'en' } })).json().msg,
      /file storage cannot be reached/,
    )
    // The process itself is up: a load balancer keeps it, and sends requests once the store is back.
    assert.equal((await second.inject('/api/health')).statusCode, 200)
    assert.equal((await second.inject(linkTo('demo-signature.png'))).statusCode, 503)
  })
})

describe('the object store settings', () => {
  it('refuse S3 settings without a bucket, and one key without the other', () => {
    assert.throws(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' }), /S3_ENDPOINT set without S3_BUCKET/)
    assert.throws(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' }), /go together/)
    assert.throws(() => loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' }), /S3_ENDPOINT must be a URL/)
    // The bucket holds mothers' photos and signatures: it is never read publicly.
    assert.throws(
      () => loadConfig({ S3_BUCKET: 'b', S3_PUBLIC_BASE_URL: 'https://b.oss-cn-hangzhou.aliyuncs.com' }),
      /S3_PUBLIC_BASE_URL is no longer read/,
    )
    assert.equal(loadConfig({}).s3, undefined)
    assert.deepEqual(
      loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'http://minio:9000/', S3_FORCE_PATH_STYLE: 'false' }).s3,
      {
        endpoint: 'http://minio:9000',
        bucket: 'b',
        region: 'us-east-1',
        credentials: undefined,
        forcePathStyle: false,
      },
    )
  })
})
