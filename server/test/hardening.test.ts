import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { loadConfig } from '../src/config.js'
import { definitionOf, validSample } from './formSamples.js'
import { addAccount, call, login, PNG, uploadFile } from './helpers.js'
import { app, site, useSite } from './siteFixture.js'

// What a client or a deployment gets wrong is refused: a guessable link secret in production, a
// common password, an image from another address in a record, a request id that is not an id.

useSite()

describe('link secrets', () => {
  it('stops a production start with a PDF_LINK_SECRET shorter than 32 bytes, naming the setting', () => {
    assert.throws(
      () => loadConfig({ NODE_ENV: 'production', PDF_LINK_SECRET: 'change-me' }),
      /PDF_LINK_SECRET must be at least 32 bytes in production, got 9/,
    )
    assert.throws(() => loadConfig({ NODE_ENV: 'production', PDF_LINK_SECRET: 'x'.repeat(31) }), /PDF_LINK_SECRET/)
    const secret = 'k'.repeat(32)
    assert.deepEqual(
      loadConfig({ NODE_ENV: 'production', PDF_LINK_SECRET: secret }).pdf.linkSecret,
      Buffer.from(secret),
    )
    // Development keeps its short secret, and a secret of the process when there is none.
    assert.equal(loadConfig({ PDF_LINK_SECRET: 'dev' }).pdf.linkSecret.toString(), 'dev')
    assert.equal(loadConfig({ NODE_ENV: 'production' }).pdf.linkSecretIsRandom, true)
  })

  it('refuses a short secret of the photo and signature links in production', () => {
    assert.throws(
      () => loadConfig({ NODE_ENV: 'production', UPLOAD_LINK_SECRET: 'change-me' }),
      /UPLOAD_LINK_SECRET must be at least 32 bytes in production, got 9/,
    )
    const secret = 'u'.repeat(32)
    const { uploadLinks } = loadConfig({ NODE_ENV: 'production', UPLOAD_LINK_SECRET: secret })
    assert.deepEqual(uploadLinks, { secret: Buffer.from(secret), secretIsRandom: false, ttlSeconds: 600 })
    assert.equal(loadConfig({ UPLOAD_LINK_TTL_SECONDS: '60' }).uploadLinks.ttlSeconds, 60)
  })
})

describe('passwords', () => {
  it("refuses one of the 10,000 most common passwords as a new one, in the user's language", async () => {
    const { account, password } = await addAccount(app)
    const token = await login(app, account, password)
    for (const common of ['password1', 'Qwer1234', 'abc12345']) {
      const reply = await call(
        app,
        '/api/care/account/change_pwd',
        { old_password: password, password: common },
        { token },
      )
      assert.deepEqual(reply, { code: -1, msg: '新密码过于常见，容易被猜中，请换一个', res: null }, common)
    }
    const english = await call(
      app,
      '/api/care/account/change_pwd',
      { old_password: password, password: 'password1' },
      { token, lang: 'en' },
    )
    assert.equal(
      english.msg,
      'The new password is one of the most common passwords, which are guessed first: choose another',
    )
    assert.equal(
      (await call(app, '/api/care/account/change_pwd', { old_password: password, password: 'Lotus-8042' }, { token }))
        .code,
      1,
    )
  })
})

describe('signatures and photos', () => {
  const FORM = '收据遗失证明'
  const save = (data: object) =>
    call(
      app,
      '/api/care/index/saveForm',
      { name: FORM, customer_id: site.customers[0].id, data },
      { token: site.token },
    )
  const sample = () => {
    const customer = site.customers[0]
    return validSample(definitionOf(FORM), { customer, room: customer.room, departmentIds: [] })
  }

  it("takes only references to this server's uploads, not any https:// address", async () => {
    const { url } = (await uploadFile(app, 'sign.png', PNG, { token: site.token })).json().data
    const own = await save({ ...sample(), customer_signature: url, id_card_photos: [url, '/uploads/photo-1.png'] })
    assert.equal(own.code, 1, own.msg)

    const elsewhere = [
      'https://tracker.example.com/pixel.png',
      `https://tracker.example.com/uploads/${url.split('/').pop()}`,
    ]
    for (const address of elsewhere) {
      const signature = await save({ ...sample(), customer_signature: address })
      assert.equal(signature.code, -1, address)
      assert.deepEqual(
        signature.res.errors.map((e: { path: string }) => e.path),
        ['customer_signature'],
      )
      const photos = await save({ ...sample(), id_card_photos: [url, address] })
      assert.deepEqual(
        photos.res.errors.map((e: { path: string }) => e.path),
        ['id_card_photos'],
        address,
      )
    }
  })

  it('takes the same on a signed acknowledgement of the check-in rules', async () => {
    const survey = (await call(app, '/api/care/index/getSurvey', {}, { token: site.token })).res
    const reply = await call(
      app,
      '/api/care/index/answerSave',
      {
        customer_id: site.customers[1].id,
        survey_id: survey.id,
        data: {
          agree: ['yes'],
          customer_signature: 'https://tracker.example.com/s.png',
          sign_date: sample().sign_date,
        },
      },
      { token: site.token },
    )
    assert.equal(reply.code, -1)
    assert.deepEqual(
      reply.res.errors.map((e: { path: string }) => e.path),
      ['customer_signature'],
    )
  })
})

describe('request ids', () => {
  it('keeps a sent id of at most 64 letters, digits and . _ : -, and makes its own for anything else', async () => {
    const idOf = async (sent: string) =>
      (await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': sent } })).headers[
        'x-request-id'
      ]
    for (const kept of ['a'.repeat(64), 'nginx_3f2a.b:c-d']) assert.equal(await idOf(kept), kept)
    for (const replaced of ['a'.repeat(65), 'a/b', 'a+b', 'ab\u00e9']) assert.notEqual(await idOf(replaced), replaced)
  })
})
