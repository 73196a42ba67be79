import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { deflateSync } from 'node:zlib'
import sharp from 'sharp'
import { login, PNG, startApp, startAppBeside, uploadFile } from '../../helpers.js'

const MAX_BYTES = 2048

let app: FastifyInstance
let token: string
before(async () => {
  app = await startApp({ uploadMaxBytes: MAX_BYTES })
  token = await login(app, 'demo', 'demo1234')
})
after(() => app.close())

/** A plain picture of that size, to encode. */
const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 120 } } })

/** A 24-bit BMP of that size (its pixels left black: only the header is read). */
function bmp(width: number, height: number) {
  const header = Buffer.alloc(54)
  header.write('BM', 0, 'latin1')
  header.writeUInt32LE(54, 10)
  header.writeUInt32LE(40, 14)
  header.writeInt32LE(width, 18)
  header.writeInt32LE(height, 22)
  header.writeUInt16LE(1, 26)
  header.writeUInt16LE(24, 28)
  const rowBytes = Math.ceil((width * 3) / 4) * 4
  return Buffer.concat([header, Buffer.alloc(rowBytes * height)])
}

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

    // Through the signed link the reply hands out (uploadLinks.test.ts: who else may open it).
    assert.match(url.search, /^\?link=/)
    const file = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })
    assert.equal(file.statusCode, 200)
    assert.equal(file.headers['content-type'], 'image/png')
    assert.deepEqual(file.rawPayload, PNG)
    assert.equal(file.headers['cross-origin-resource-policy'], 'same-site')
    assert.equal((await app.inject({ method: 'PUT', url: url.pathname, payload: 'x' })).statusCode, 404)
  })

  it('accepts jpg, jpeg, gif and bmp whose bytes match', async () => {
    const files: [string, Buffer][] = [
      ['a.JPG', await picture(8, 8).jpeg().toBuffer()],
      ['b.jpeg', await picture(8, 8).jpeg().toBuffer()],
      ['c.gif', await picture(8, 8).gif().toBuffer()],
      ['d.bmp', bmp(2, 2)],
    ]
    for (const [name, bytes] of files) {
      const reply = await upload(name, bytes)
      assert.equal(reply.err, 0, `${name}: ${reply.message}`)
    }
  })

  it('refuses an image that cannot be read', async () => {
    const damaged = Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), Buffer.alloc(40, 1)])
    assert.deepEqual(await upload('a.jpg', damaged), { err: -1, message: '无法读取这张图片，文件可能已损坏' })
    assert.deepEqual(await upload('a.bmp', Buffer.from('BM')), { err: -1, message: '无法读取这张图片，文件可能已损坏' })
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

/** A PNG chunk: its length, type, data and checksum. */
function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])))
  return Buffer.concat([length, Buffer.from(type, 'latin1'), data, crc])
}

function crc32(bytes: Buffer) {
  let crc = 0xffffffff
  for (const byte of bytes) {
    crc ^= byte
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1
  }
  return (crc ^ 0xffffffff) >>> 0
}

/** A PNG of a few bytes whose header declares width × height: decoding it would take that much memory. */
function pngDeclaring(width: number, height: number) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 6, 0, 0, 0], 8)
  const pixels = chunk('IDAT', deflateSync(Buffer.alloc(64)))
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    pixels,
    chunk('IEND', Buffer.alloc(0)),
  ])
}

describe('uploaded images as they are kept', () => {
  let big: FastifyInstance
  let bigToken: string
  // With the default size limit, beside `app`.
  before(async () => {
    big = await startAppBeside()
    bigToken = await login(big, 'demo', 'demo1234')
  })
  after(() => big.close())

  /** Uploads the file and reads back what the server serves for it. */
  async function kept(fileName: string, content: Buffer, headers: Record<string, string> = {}) {
    const reply = (await uploadFile(big, fileName, content, { token: bigToken, ...headers })).json()
    if (reply.err !== 0) return { reply }
    const { pathname, search } = new URL(reply.data.url)
    const served = await big.inject({ method: 'GET', url: `${pathname}${search}` })
    assert.equal(reply.data.size, served.rawPayload.length)
    return { reply, bytes: served.rawPayload, metadata: await sharp(served.rawPayload).metadata() }
  }

  it("drops a photo's EXIF, its position included, and turns it upright", async () => {
    // 60×20 as the camera stored it; orientation 6 says to show it turned a quarter clockwise.
    const photo = await picture(60, 20)
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 14/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer()
    const sent = await sharp(photo).metadata()
    assert.ok(sent.exif, 'the test photo carries EXIF')
    assert.equal(sent.orientation, 6)

    const { metadata, bytes } = await kept('wound.jpg', photo)
    assert.equal(metadata?.format, 'jpeg')
    assert.equal(metadata?.exif, undefined)
    assert.equal(metadata?.orientation, undefined)
    assert.ok(!bytes?.includes('PhoneMaker'))
    assert.deepEqual([metadata?.width, metadata?.height], [20, 60])
  })

  it('keeps an image at most 4096 px on its long side, in its own format', async () => {
    const { metadata } = await kept('scan.jpg', await picture(5000, 3000).jpeg().toBuffer())
    assert.deepEqual([metadata?.format, metadata?.width, metadata?.height], ['jpeg', 4096, 2458])
    const signature = await sharp({
      create: { width: 4500, height: 900, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer()
    const png = await kept('signature.png', signature)
    assert.deepEqual([png.metadata?.format, png.metadata?.width, png.metadata?.height], ['png', 4096, 819])
    assert.equal(png.metadata?.hasAlpha, true)
  })

  it('refuses, unread, an image whose header declares more than 40 megapixels', async () => {
    const huge = pngDeclaring(8000, 6000)
    assert.ok(huge.length < 200)
    assert.deepEqual((await kept('huge.png', huge)).reply, {
      err: -1,
      message: '图片像素过多（不能超过 40 百万像素），请缩小后重新上传',
    })
    assert.deepEqual((await kept('huge.png', huge, { lang: 'en' })).reply, {
      err: -1,
      message: 'The image has too many pixels (at most 40 megapixels): make it smaller and upload it again',
    })
    assert.deepEqual((await kept('huge.bmp', bmp(8000, 6000).subarray(0, 100), { lang: 'en' })).reply, {
      err: -1,
      message: 'The image has too many pixels (at most 40 megapixels): make it smaller and upload it again',
    })
  })

  it('refuses a BMP wider than the bound, which it cannot make smaller', async () => {
    assert.deepEqual((await kept('wide.bmp', bmp(5000, 1))).reply, {
      err: -1,
      message: 'BMP 图片的宽和高不能超过 4096 像素，请存为 JPG 或 PNG 后重新上传',
    })
  })
})
