// Photo fields on the mini program (收据遗失证明's ID card photos): WeChat's image chooser hands back
// real files from disk, each is uploaded with wx.uploadFile to the real server, a type the centre
// does not keep is refused with the message, one is removed before saving, and the record keeps
// the rest; a thumbnail opens WeChat's full-size preview.
//
// What the simulator cannot do as WeChat does: wx.chooseImage is a stand-in (no album or camera),
// returning files written to the harness's temporary folder as WeChat's temporary paths; and
// wx.previewImage, WeChat's own viewer, is recorded rather than drawn.
const fs = require('fs')
const path = require('path')
const { createCanvas } = require('@napi-rs/canvas')
const h = require('./harness')
const { formZh, api, tokenOf, download } = require('./app')
const f = require('./forms')

const FORM = f.FORMS.proofOfLostReceipt
const KEY = 'id_card_photos'

/** Writes a small real picture into the temporary folder; answers its WeChat-style temporary path. */
function picture(name, colour) {
  const canvas = createCanvas(64, 48)
  const ctx = canvas.getContext('2d')
  ctx.fillStyle = colour
  ctx.fillRect(0, 0, 64, 48)
  const type = name.endsWith('.png') ? 'image/png' : name.endsWith('.webp') ? 'image/webp' : 'image/jpeg'
  fs.writeFileSync(path.join(h.TEMP_DIR, name), canvas.toBuffer(type))
  return `http://tmp/${name}`
}

let token
let customer
const chooserCalls = []
const previews = []

beforeAll(async () => {
  token = await tokenOf('demo')
  customer = (await api('customer/index', { page: 1, limit: 1, keyword: '807' }, token)).list[0]
  h.storage.set('token', token)
  h.storage.set('customerInfo', customer)
  h.launchApp()
  const files = [picture('front.png', '#e8627a'), picture('back.jpg', '#5b8ff9'), picture('screen.webp', '#52c41a')]
  wx.chooseImage = (options) => {
    chooserCalls.push(options)
    const result = {
      tempFilePaths: files,
      tempFiles: files.map((p) => ({ path: p, size: 100 })),
      errMsg: 'chooseImage:ok',
    }
    setTimeout(() => {
      options.success?.(result)
      options.complete?.(result)
    })
  }
  wx.previewImage = (options) => {
    previews.push(options)
    setTimeout(() => options.success?.({ errMsg: 'previewImage:ok' }))
  }
  await h.openPage(FORM.route)
  await h.waitFor(() => f.fieldOf(KEY), { what: 'the photos field' })
  await h.settled()
})

const thumbnails = () => h.$$('.form-images__image', f.fieldOf(KEY))

it('chosen photos are uploaded to the real server; a webp is refused with the message', async () => {
  const before = h.calls.length
  const toasts = h.ui.toasts.length
  h.tap(h.$('.form-images__add', f.fieldOf(KEY)))
  await h.waitFor(() => thumbnails().length === 2, { what: 'two thumbnails' })
  expect(chooserCalls[0].count).toBeLessThanOrEqual(9)
  expect(h.ui.toasts.slice(toasts).map((t) => t.title)).toContain(formZh['formUi.imageTypes'])
  const uploads = h.calls.slice(before).filter((c) => c.api === 'uploadFile')
  expect(uploads.map((c) => c.data.filePath)).toEqual(['http://tmp/front.png', 'http://tmp/back.jpg'])
  expect(uploads.every((c) => c.url.endsWith('/api/admin/oss/upload') && c.statusCode === 200)).toBe(true)
})

it('one removed before saving; the record keeps the other, stored on the server', async () => {
  h.tap(h.$('.form-images__remove', f.fieldOf(KEY)))
  await h.waitFor(() => thumbnails().length === 1, { what: 'one thumbnail' })
  await f.fillAll(FORM.fields)
  const id = await f.saveAndWaitSaved()
  const record = await api('index/getFormRecordInfo', { id }, token)
  expect(record.data[KEY]).toHaveLength(1)
  const [url] = record.data[KEY]
  // A link the server signed for the site's staff: it opens without a session.
  expect(url).toMatch(/\.jpe?g\?link=[\w.-]+$/)
  const stored = await download(url)
  expect(stored.statusCode).toBe(200)
  expect(stored.body.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]))
})

it('a thumbnail opens the full-size preview of the photos', async () => {
  h.tap(thumbnails()[0])
  await h.waitFor(() => previews.length === 1, { what: 'the preview' })
  expect(previews[0].urls).toHaveLength(1)
  expect(previews[0].current).toBe(previews[0].urls[0])
  expect(previews[0].current).toMatch(/^http:\/\/.+\.jpe?g\?link=[\w.-]+$/)
})
