import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { eq, sql } from 'drizzle-orm'
import { CustomerList } from '@yuezi/contract/api/customers'
import { FormRecordList } from '@yuezi/contract/api/formRecords'
import { SpecialCare } from '@yuezi/contract/api/specialCare'
import { UploadReply } from '@yuezi/contract/api/uploads'
import { customers, formRecords, sites, specialCares, uploads } from '../src/db/schema.js'
import { holdsUploads } from '../src/plugins/ownUploads.js'
import { signFields } from '../src/lib/signedLink.js'
import { openUploadStore } from '../src/services/uploads/index.js'
import type { UploadStore } from '../src/services/uploads/store.js'
import { sweepUploads } from '../src/services/uploads/sweep.js'
import { definitionOf, validSample } from './formSamples.js'
import { addSite, call, PNG, startApp, uploadFile, type TestSite } from './helpers.js'

const SECRET = 'a secret of the upload links, long enough for tests'
const TTL = 600

let app: FastifyInstance
let site: TestSite
let other: TestSite
let store: UploadStore
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'yuezi-links-'))
before(async () => {
  app = await startApp({
    dataDir,
    uploadLinks: { secret: Buffer.from(SECRET), secretIsRandom: false, ttlSeconds: TTL },
  })
  site = await addSite(app)
  other = await addSite(app)
  store = await openUploadStore({ dataDir, s3: undefined })
})
after(async () => {
  await app.close()
  rmSync(dataDir, { recursive: true, force: true })
})

/** Uploads a PNG as the site's staff; answers the link the reply hands out and the file's stored name. */
async function uploaded(token = site.token) {
  const reply = (await uploadFile(app, 'photo.png', PNG, { token })).json()
  assert.equal(reply.err, 0, reply.message)
  const url = new URL(reply.data.url)
  const name = /^\/uploads\/([0-9a-f-]{36}\.png)$/.exec(url.pathname)?.[1]
  assert.ok(name, url.pathname)
  return { link: `${url.pathname}${url.search}`, name }
}

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers })

function assertRefused(response: Awaited<ReturnType<typeof get>>, what: string) {
  assert.equal(response.statusCode, 403, what)
  const body = response.json()
  assert.equal(body.err, -5, what)
  assert.equal(typeof body.message, 'string', what)
  assert.equal(response.headers['cache-control'], undefined, what)
}

const FORM = '收据遗失证明'

/** Saves a 收据遗失证明 of the site's first customer with these photos and signature; answers its id. */
async function savedRecord(values: Record<string, unknown>): Promise<number> {
  const customer = site.customers[0]
  const data = { ...validSample(definitionOf(FORM), { customer, room: customer.room, departmentIds: [] }), ...values }
  const saved = await call(
    app,
    '/api/care/index/saveForm',
    { name: FORM, customer_id: customer.id, data },
    { token: site.token },
  )
  assert.equal(saved.code, 1, saved.msg)
  return saved.res.id as number
}

describe('uploaded photos and signatures', () => {
  it('open through the signed link of the reply, kept privately no longer than the link lives', async () => {
    const { link } = await uploaded()
    assert.match(link, /\?link=[\w-]+\.[\w-]+$/)
    const response = await get(link)
    assert.equal(response.statusCode, 200)
    assert.deepEqual(response.rawPayload, PNG)
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(response.headers['cache-control']))?.[1])
    assert.ok(maxAge > 0 && maxAge <= TTL, String(response.headers['cache-control']))
    assert.equal(response.headers['cross-origin-resource-policy'], 'same-site')
  })

  it("are refused at the bare address, with an altered, another file's or an expired link", async () => {
    const { link, name } = await uploaded()
    const second = await uploaded()
    const [pathname, query] = link.split('?')
    const token = query.slice('link='.length)
    const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A')
    const expires = Math.floor(Date.now() / 1000) - 1
    const cases = {
      bare: pathname,
      altered: `${pathname}?link=${flipped}`,
      'another site named': `${pathname}?link=${signFields(Buffer.from('another secret'), [name, site.siteId, site.accountId, expires + TTL])}`,
      "another file's link": `${second.link.split('?')[0]}?${query}`,
      expired: `${pathname}?link=${signFields(Buffer.from(SECRET), [name, site.siteId, site.accountId, expires])}`,
      'empty link': `${pathname}?link=`,
    }
    for (const [what, url] of Object.entries(cases)) assertRefused(await get(url), what)
  })

  it("are refused to another site's staff, by link or by session", async () => {
    const { name } = await uploaded()
    const future = Math.floor(Date.now() / 1000) + TTL
    assertRefused(
      await get(
        `/uploads/${name}?link=${signFields(Buffer.from(SECRET), [name, other.siteId, other.accountId, future])}`,
      ),
      'link',
    )
    assertRefused(await get(`/uploads/${name}`, { token: other.token }), 'session')
    assertRefused(await get(`/uploads/${name}`, { token: 'no such session' }), 'unknown session')
  })

  it("open with the session's token of the file's site, as the API calls carry it", async () => {
    const { name } = await uploaded()
    const response = await get(`/uploads/${name}`, { token: site.token })
    assert.equal(response.statusCode, 200)
    assert.deepEqual(response.rawPayload, PNG)
    assert.equal(response.headers['cache-control'], 'private, max-age=0')
    assert.equal(response.headers['cross-origin-resource-policy'], 'same-site')
  })

  it('are kept in records as references, and every reply signs them afresh', async () => {
    const { link, name } = await uploaded()
    const reference = `/uploads/${name}`
    // The app sends back what it was shown: the signed link, absolute.
    const id = await savedRecord({
      customer_signature: `http://localhost:80${link}`,
      id_card_photos: [link, reference],
    })
    const [stored] = await app.db.select().from(formRecords).where(eq(formRecords.id, id))
    const storedData = stored.data as Record<string, unknown>
    assert.equal(storedData.customer_signature, reference)
    assert.deepEqual(storedData.id_card_photos, [reference, reference])

    const info = await call(app, '/api/care/index/getFormRecordInfo', { id }, { token: site.token })
    const list = await call(app, '/api/care/index/getFormRecord', { name: FORM }, { token: site.token })
    const row = list.res.list.find((r: { id: number }) => r.id === id)
    for (const [what, value] of [
      ['record', info.res.data.customer_signature],
      ['record photo', info.res.data.id_card_photos[1]],
      ['list row', row.data.customer_signature],
    ]) {
      const url = new URL(value)
      assert.equal(url.pathname, reference, what)
      assert.match(url.search, /^\?link=/, what)
      assert.equal((await get(`${url.pathname}${url.search}`)).statusCode, 200, what)
    }
  })

  it('are signed only in replies whose schema has a place for one', async () => {
    assert.equal(holdsUploads(CustomerList), false, 'the customers list')
    assert.equal(holdsUploads(FormRecordList), true, "records' data")
    assert.equal(holdsUploads(SpecialCare), true, 'a signed order')
    assert.equal(holdsUploads(UploadReply), true, 'an upload')
    // A customer's name that reads like an upload is her name, not a link to sign.
    const { name } = await uploaded()
    const customer = site.customers[1]
    await app.db
      .update(customers)
      .set({ name: `/uploads/${name}` })
      .where(eq(customers.id, customer.id))
    try {
      const list = await call(app, '/api/care/customer/index', { page: 1, limit: 50 }, { token: site.token })
      assert.equal(list.res.list.find((row: { id: number }) => row.id === customer.id).name, `/uploads/${name}`)
      const id = await savedRecord({ customer_signature: `/uploads/${name}` })
      const info = await call(app, '/api/care/index/getFormRecordInfo', { id }, { token: site.token })
      assert.match(info.res.data.customer_signature, /\?link=/)
    } finally {
      await app.db.update(customers).set({ name: customer.name }).where(eq(customers.id, customer.id))
    }
  })

  it("are signed afresh on request, as a draft's expired links are, and only this server's", async () => {
    const { name } = await uploaded()
    const foreign = await uploaded(other.token)
    const expired = `http://localhost:80/uploads/${name}?link=${signFields(Buffer.from(SECRET), [name, site.siteId, site.accountId, 1])}`
    assertRefused(await get(expired.slice('http://localhost:80'.length)), 'the expired link itself')
    const reply = await app.inject({
      method: 'POST',
      url: '/api/admin/oss/links',
      headers: { token: site.token },
      payload: { urls: [expired, 'https://elsewhere.example/uploads/x.png', `/uploads/${foreign.name}`] },
    })
    const body = reply.json()
    assert.equal(body.err, 0, body.message)
    const [renewed, elsewhere, otherSite] = body.data.urls
    const url = new URL(renewed)
    assert.equal(url.pathname, `/uploads/${name}`)
    assert.equal((await get(`${url.pathname}${url.search}`)).statusCode, 200)
    assert.equal(elsewhere, null)
    // Signed for the caller's site, another site's file still does not open.
    const link = new URL(otherSite)
    assertRefused(await get(`${link.pathname}${link.search}`), "another site's file")
    const anonymous = await app.inject({ method: 'POST', url: '/api/admin/oss/links', payload: { urls: [expired] } })
    assert.equal(anonymous.json().err, 401)
  })
})

describe('photos and signatures no record needs', () => {
  const HOUR = 3_600_000
  const DAY = 24 * HOUR
  const later = (ms: number) => new Date(Date.now() + ms)
  const opens = async (name: string) => (await get(`/uploads/${name}`, { token: site.token })).statusCode === 200
  const recorded = async (name: string) =>
    (await app.db.select().from(uploads).where(eq(uploads.path, name))).length === 1

  const savedWith = (link: string) => savedRecord({ id_card_photos: [link] })

  const deletedAgo = (id: number, ms: number) =>
    app.db
      .update(formRecords)
      .set({ deletedAt: new Date(Date.now() - ms) })
      .where(eq(formRecords.id, id))

  it('go a day after they came when no saved record refers to them', async () => {
    const { name } = await uploaded()
    assert.ok(!(await sweepUploads(app.db, store, later(23 * HOUR))).includes(name))
    assert.ok(await opens(name))
    assert.ok((await sweepUploads(app.db, store, later(25 * HOUR))).includes(name))
    assert.ok(!(await opens(name)))
    assert.ok(!(await recorded(name)))
  })

  it("stay while a record refers to them, and go once a deleted record's retention has passed", async () => {
    const live = await uploaded()
    const recent = await uploaded()
    const old = await uploaded()
    await savedWith(live.link)
    const recentId = await savedWith(recent.link)
    const oldId = await savedWith(old.link)
    await deletedAgo(recentId, 28 * DAY)
    await deletedAgo(oldId, 31 * DAY)

    const swept = await sweepUploads(app.db, store, later(25 * HOUR))
    assert.ok(!swept.includes(live.name) && !swept.includes(recent.name), 'kept')
    assert.ok(swept.includes(old.name), 'past the default 30 days')
    assert.ok(await opens(live.name))
    assert.ok(!(await opens(old.name)))
  })

  it('keep the retention the centre set, and the files a signature or an acknowledgement refers to', async () => {
    const kept = await uploaded()
    const signature = await uploaded()
    const acknowledged = await uploaded()
    await deletedAgo(await savedWith(kept.link), 31 * DAY)
    await app.db.update(sites).set({ uploadRetentionDays: 60 }).where(eq(sites.id, site.siteId))
    const [order] = await app.db.select({ id: specialCares.id }).from(specialCares).limit(1)
    assert.ok(order, 'the demo data has a self-paid order')
    await app.db
      .update(specialCares)
      .set({ signature: `/uploads/${signature.name}` })
      .where(eq(specialCares.id, order.id))
    const survey = (await call(app, '/api/care/index/getSurvey', {}, { token: site.token })).res
    const answer = await call(
      app,
      '/api/care/index/answerSave',
      {
        customer_id: site.customers[1].id,
        survey_id: survey.id,
        data: { agree: ['yes'], customer_signature: acknowledged.link, sign_date: '2026-03-04' },
      },
      { token: site.token },
    )
    assert.equal(answer.code, 1, answer.msg)
    try {
      const swept = await sweepUploads(app.db, store, later(25 * HOUR))
      for (const { name } of [kept, signature, acknowledged]) assert.ok(!swept.includes(name), name)
    } finally {
      await app.db.update(sites).set({ uploadRetentionDays: 30 }).where(eq(sites.id, site.siteId))
    }
  })

  it('records saved with absolute addresses keep references after the migration', async () => {
    const { name } = await uploaded()
    const id = await savedWith(`/uploads/${name}`)
    const bucket = '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d.jpg'
    await app.db
      .update(formRecords)
      .set({
        data: sql`jsonb_set(jsonb_set(${formRecords.data}, '{id_card_photos}', ${JSON.stringify([
          `http://192.168.1.9:3000/uploads/${name}`,
          `https://centre-bucket.oss-cn-hangzhou.aliyuncs.com/${bucket}`,
        ])}::jsonb), '{customer_signature}', '"https://elsewhere.example/signature.png"'::jsonb)`,
      })
      .where(eq(formRecords.id, id))
    const migration = readFileSync(
      fileURLToPath(new URL('../src/db/migrations/0012_upload_references.sql', import.meta.url)),
      'utf8',
    )
    for (const statement of migration.split('--> statement-breakpoint')) {
      const update = statement.slice(statement.indexOf('UPDATE'))
      if (statement.includes('UPDATE')) await app.db.execute(sql.raw(update))
    }
    const [stored] = await app.db.select().from(formRecords).where(eq(formRecords.id, id))
    const data = stored.data as Record<string, unknown>
    assert.deepEqual(data.id_card_photos, [`/uploads/${name}`, `/uploads/${bucket}`])
    assert.equal(data.customer_signature, 'https://elsewhere.example/signature.png')
  })
})
