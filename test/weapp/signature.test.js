// The signature pad of the mini program (the Canvas 2D path of SignaturePad.tsx): the simulator's
// canvas node has a real @napi-rs/canvas behind it, touch strokes draw on it, canvasToTempFilePath
// writes a real PNG, wx.uploadFile sends it to the real server (/api/admin/oss/upload), and the
// file the server stored is a PNG with the ink where the strokes went.
//
// What the simulator cannot do as WeChat does: jsdom lays nothing out, so the pad's size is the
// harness's phone-width layout (CANVAS_LAYOUT), and WeChat's canvas touches (x, y relative to the
// canvas) are fired directly as mini program touch events on the canvas element.
const { Image, createCanvas } = require('@napi-rs/canvas')
const h = require('./harness')
const { formZh, api, tokenOf, download } = require('./app')
const f = require('./forms')

const FORM = 'pagesHome/pages/form/familyFood/form'
const KEY = 'family_signature'
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** Decodes a PNG; resolves its pixels and size. */
function decode(buffer) {
  const image = new Image()
  image.src = buffer
  const canvas = createCanvas(image.width, image.height)
  const ctx = canvas.getContext('2d')
  ctx.drawImage(image, 0, 0)
  return { width: image.width, height: image.height, data: ctx.getImageData(0, 0, image.width, image.height).data }
}
const isInk = ({ data, width }, x, y) => {
  const i = (Math.round(y) * width + Math.round(x)) * 4
  return data[i + 3] > 0 && data[i] + data[i + 1] + data[i + 2] < 3 * 128
}

beforeAll(async () => {
  const token = await tokenOf('demo')
  const customer = (await api('customer/index', { page: 1, limit: 1, keyword: '806' }, token)).list[0]
  h.storage.set('token', token)
  h.storage.set('customerInfo', customer)
  h.launchApp()
  await h.openPage(FORM)
  await h.waitFor(() => f.fieldOf(KEY), { what: 'the signature field' })
  await h.settled()
})

it('the pad gets a real 2d canvas sized for the screen, and an empty pad is not sent', async () => {
  h.tap(h.$('.form-signature__box', f.fieldOf(KEY)))
  const canvas = await h.waitFor(() => h.$('.signature-pad__canvas'), { what: 'the pad' })
  const node = h.canvasNodeOf(canvas)
  const { pixelRatio } = wx.getWindowInfo()
  await h.waitFor(() => node.width === 343 * pixelRatio && node.height === 200 * pixelRatio, {
    what: 'the sized canvas',
  })

  const toasts = h.ui.toasts.length
  const calls = h.calls.length
  h.tap(h.$('.form-signature__confirm'))
  await h.waitFor(() => h.ui.toasts[toasts], { what: 'a toast' })
  expect(h.ui.toasts[toasts].title).toBe(formZh['formUi.signFirst'])
  await h.simulate.sleep(100)
  expect(h.calls.slice(calls).filter((c) => c.api === 'uploadFile')).toEqual([])
  expect(h.$('.signature-pad__canvas')).not.toBeNull()
})

it('strokes are drawn, uploaded as a PNG to the real server, and the stored file has the ink', async () => {
  const canvas = h.$('.signature-pad__canvas')
  const strokes = [
    [
      [30, 40],
      [60, 70],
      [100, 30],
      [150, 90],
      [200, 40],
    ],
    [
      [40, 150],
      [120, 160],
      [220, 120],
    ],
  ]
  for (const points of strokes) await h.stroke(canvas, points)
  const calls = h.calls.length
  h.tap(h.$('.form-signature__confirm'))
  await h.waitFor(() => h.$('.form-signature__image', f.fieldOf(KEY)), { what: 'the signed image' })

  const upload = h.calls.slice(calls).find((c) => c.api === 'uploadFile')
  expect(upload.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/admin\/oss\/upload$/)
  expect(upload.header.token).toBe(h.storage.get('token'))
  expect(upload.data.filePath).toMatch(/^wxfile:\/\/.+\.png$/)
  const reply = JSON.parse(upload.reply)
  expect(reply.err).toBe(0)
  // A link the server signed for the site's staff: the <image> opens it without a session.
  expect(reply.data.url).toMatch(/\.png\?link=[\w.-]+$/)

  const stored = await download(reply.data.url)
  expect(stored.statusCode).toBe(200)
  expect(stored.body.subarray(0, 8).equals(PNG_MAGIC)).toBe(true)
  const png = decode(stored.body)
  const { pixelRatio } = wx.getWindowInfo()
  expect([png.width, png.height]).toEqual([343 * pixelRatio, 200 * pixelRatio])
  let ink = 0
  for (let i = 0; i < png.data.length; i += 4)
    if (png.data[i + 3] > 0 && png.data[i] + png.data[i + 1] + png.data[i + 2] < 3 * 128) ink++
  // Two strokes of 3 px at ratio 3 over some 500 px of path: thousands of pixels, far from all.
  expect(ink).toBeGreaterThan(2000)
  expect(ink).toBeLessThan(png.width * png.height * 0.2)
  // The ink lies on the strokes (a point of each) and not in a corner away from them.
  expect(isInk(png, 100 * pixelRatio, 30 * pixelRatio)).toBe(true)
  expect(isInk(png, 120 * pixelRatio, 160 * pixelRatio)).toBe(true)
  expect(isInk(png, 330 * pixelRatio, 190 * pixelRatio)).toBe(false)

  // The form shows the stored image (its URL is the field's value).
  expect(h.attr(h.$('.form-signature__image', f.fieldOf(KEY)), 'src')).toContain(
    reply.data.url.replace(/^https?:\/\/[^/]+/, ''),
  )
})
