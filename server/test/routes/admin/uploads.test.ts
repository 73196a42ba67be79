import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { login, PNG, startApp, uploadFile } from '../../helpers.js'

const MAX_BYTES = 2048

let app: FastifyInstance
let token: string
before(async () => {
  app = await startApp({ uploadMaxBytes: MAX_BYTES })
  token = await login(app, 'demo', 'demo1234')
})
after(() => app.close())

/** POSTs one file as the multipart field `file`, as if to the host care.example:8080. */
async function upload(fileName: string, content: Buffer, headers: Record<string, string> = { token }) {
  return (await uploadFile(app, fileName, content, { ...headers, host: 'care.example:8080' })).json()
}

describe('admin/oss/upload', () => {
  it('stores a png under a random name and serves it back', async () => {
    const reply = await upload('签名.png', PNG)
    assert.equal(reply.err, 0)
    assert.equal(reply.message, '上传成功')
    assert.equal(reply.data.name, '签名.png')
    assert.equal(reply.data.size, PNG.length)
    const url = new URL(reply.data.url)
    assert.equal(url.origin, 'http://care.example:8080')
    assert.match(url.pathname, /^\/uploads\/[0-9a-f-]{36}\.png$/)

    const file = await app.inject({ method: 'GET', url: url.pathname })
    assert.equal(file.statusCode, 200)
    assert.equal(file.headers['content-type'], 'image/png')
    assert.deepEqual(file.rawPayload, PNG)
    // The PC back-office, another origin, shows uploaded signatures too.
    assert.equal(file.headers['cross-origin-resource-policy'], 'cross-origin')
    assert.equal((await app.inject({ method: 'PUT', url: url.pathname, payload: 'x' })).statusCode, 404)
  })

  it('accepts jpg, jpeg, gif and bmp whose bytes match', async () => {
    const files: [string, string][] = [
      ['a.JPG', 'ffd8ffe0'],
      ['b.jpeg', 'ffd8ffdb'],
      ['c.gif', '474946383961'],
      ['d.bmp', '424d'],
    ]
    for (const [name, magic] of files) {
      const reply = await upload(name, Buffer.concat([Buffer.from(magic, 'hex'), Buffer.alloc(20)]))
      assert.equal(reply.err, 0, name)
    }
  })

  it('refuses other types, and images whose bytes are not what the name says', async () => {
    const onlyImages = { err: -1, message: '只能上传图片（png, jpg, jpeg, gif, bmp）' }
    assert.deepEqual(await upload('notes.txt', Buffer.from('hello')), onlyImages)
    assert.deepEqual(await upload('fake.png', Buffer.from('<script>alert(1)</script>')), onlyImages)
    assert.deepEqual(await upload('photo.gif', PNG), onlyImages)
    assert.deepEqual(await upload('noextension', PNG), onlyImages)
  })

  it('refuses empty and oversized files, saying the limit', async () => {
    assert.deepEqual(await upload('empty.png', Buffer.alloc(0)), { err: -1, message: '文件是空的' })
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_BYTES)])
    assert.deepEqual(await upload('big.png', big, { token, lang: 'en' }), {
      err: -1,
      message: 'The file must not be larger than 2 KB',
    })
  })

  it('refuses names with path tricks', async () => {
    for (const name of ['../evil.png', 'a/../../b.png', '..\\x.png']) {
      assert.deepEqual(await upload(name, PNG), { err: -1, message: '文件名不合法' }, name)
    }
  })

  it('refuses a request that is not multipart', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/oss/upload',
      payload: { file: 'x' },
      headers: { token },
    })
    assert.deepEqual(response.json(), { err: -1, message: '请求格式不正确' })
  })

  it('answers err 401 without a valid token', async () => {
    assert.deepEqual(await upload('a.png', PNG, {}), { err: 401, message: '请先登录' })
    assert.deepEqual(await upload('a.png', PNG, { token: 'unknown', lang: 'en' }), {
      err: 401,
      message: 'Please log in',
    })
  })
})
