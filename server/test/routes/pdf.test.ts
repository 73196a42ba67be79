import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, it } from 'node:test'
import { eq } from 'drizzle-orm'
import { formDefinitions } from '@yuezi/contract/forms/index'
import type { Field, FormData } from '@yuezi/contract/forms/types'
import { fieldsOf, labelKeyOf } from '@yuezi/contract/forms/validate'
import { repoRoot } from '../../src/config.js'
import { formRecords, products } from '../../src/db/schema.js'
import { DEMO_SIGNATURE } from '../../src/demo/common.js'
import { AppError } from '../../src/errors.js'
import { formTranslator, serverTranslator } from '../../src/plugins/i18n.js'
import { renderPdf } from '../../src/services/pdf/document.js'
import { DEFAULT_PDF_FONT } from '../../src/config.js'
import { fontProblem, pdfFont } from '../../src/services/pdf/font.js'
import { createPdfLink } from '../../src/services/pdf/index.js'
import { openFolderStore } from '../../src/services/uploads/folder.js'
import { signPdfLink } from '../../src/services/pdf/link.js'
import { definitionOf, validSample, type SampleRefs } from '../formSamples.js'
import { addProduct, call, stockRefs } from '../helpers.js'
import {
  app,
  CARE,
  check,
  departments,
  general,
  INBOUND,
  INDEX,
  other,
  OUT,
  post,
  row,
  saved,
  site,
  useStockSites,
} from '../stockFixture.js'

// Every saved record and order as a PDF: the link the app asks for, and the PDF it opens with no
// headers. The PDFs are read back with poppler (pdftotext, pdfimages), as a person would see them.

const SECRET = 'the cluster secret of the pdf tests'
process.env.PDF_LINK_SECRET = SECRET
useStockSites()

const zhForms: Record<string, string> = JSON.parse(
  readFileSync(path.join(repoRoot, 'locales/forms/zh-CN.json'), 'utf8'),
)
const enForms: Record<string, string> = {
  ...zhForms,
  ...JSON.parse(readFileSync(path.join(repoRoot, 'locales/forms/en.json'), 'utf8')),
}
const zhServer: Record<string, string> = JSON.parse(
  readFileSync(path.join(repoRoot, 'locales/server/zh-CN.json'), 'utf8'),
)
const enServer: Record<string, string> = JSON.parse(readFileSync(path.join(repoRoot, 'locales/server/en.json'), 'utf8'))

const work = mkdtempSync(path.join(os.tmpdir(), 'yuezi-pdf-'))
process.on('exit', () => rmSync(work, { recursive: true, force: true }))

/** GETs a link with no headers at all, as WeChat's downloadFile does. */
const open = (url: string) => app.inject({ method: 'GET', url })

interface Pdf {
  text: string
  /** The text without any white space: values that wrap in a table cell still read whole. */
  squeezed: string
  images: number
}

function readPdf(bytes: Buffer): Pdf {
  const file = path.join(work, `${Math.random().toString(36).slice(2)}.pdf`)
  writeFileSync(file, bytes)
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
  const list = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
  // Two header lines, then a line per image (an image with an alpha channel adds its smask).
  const images = list
    .split('\n')
    .slice(2)
    .filter((l) => l.trim().split(/\s+/)[2] === 'image').length
  return { text, squeezed: text.replace(/\s+/g, ''), images }
}

/** Asks for a PDF's link, opens it, answers the name and the PDF read back. */
async function pdfOf(url: string, body: object, headers: Record<string, string> = {}) {
  const reply = await post(url, body, headers)
  assert.equal(reply.code, 1, reply.msg)
  const { url: link, name } = reply.res
  assert.match(link, /^\/api\/pdf\/[\w.-]+$/)
  const response = await open(link)
  assert.equal(response.statusCode, 200, response.body)
  assert.equal(response.headers['content-type'], 'application/pdf')
  const disposition = String(response.headers['content-disposition'])
  assert.ok(disposition.startsWith('inline;'), disposition)
  assert.ok(disposition.includes(`filename*=UTF-8''${encodeURIComponent(name)}`), disposition)
  // The browser's PDF viewer opens it (in a tab of the H5 app's or another origin): no policy of the
  // app's pages on it, the other security headers as on every reply.
  assert.equal(response.headers['content-security-policy'], undefined)
  assert.equal(response.headers['cross-origin-resource-policy'], 'cross-origin')
  assert.equal(response.headers['x-content-type-options'], 'nosniff')
  assert.equal(response.headers['x-frame-options'], 'SAMEORIGIN')
  assert.equal(response.rawPayload.subarray(0, 5).toString('latin1'), '%PDF-')
  return { name: name as string, link: link as string, pdf: readPdf(response.rawPayload) }
}

const squeeze = (text: string) => text.replace(/\s+/g, '')
const has = (pdf: Pdf, text: string, what = text) =>
  assert.ok(pdf.squeezed.includes(squeeze(text)), `the PDF lacks ${what}: «${text}»\n${pdf.text}`)

/** What the form shows of each filled value of a sample: its text, number, date or option label. */
function shownValues(fields: Field[], data: FormData, forms: Record<string, string>): string[] {
  return fields.flatMap((field) => {
    const value = data[field.key]
    if (value === undefined || value === null || value === '') return []
    if (field.type === 'rows') return (value as FormData[]).flatMap((r) => shownValues(field.rows ?? [], r, forms))
    if (field.options) {
      const values = Array.isArray(value) ? value : [value]
      return values.map((v) => forms[field.options!.find((o) => o.value === v)!.labelKey])
    }
    if (['text', 'textarea', 'date', 'datetime', 'phone', 'idCard'].includes(field.type)) return [String(value)]
    if (field.type === 'number') return [String(value)]
    if (field.type === 'money') return [(value as number).toFixed(2)]
    return []
  })
}

const signatureCount = (fields: Field[], data: FormData) =>
  fields.reduce(
    (n, f) =>
      n +
      (f.type === 'signature' && data[f.key] ? 1 : f.type === 'images' ? ((data[f.key] as unknown[]) ?? []).length : 0),
    0,
  )

describe('PDFs of form records', () => {
  it('prints every form: its title, the customer, every filled value with option labels, computed values and the signatures', async () => {
    // The drawn signature the server keeps among its uploads (the demo data's), for photos too.
    const signature = DEMO_SIGNATURE
    const photo = DEMO_SIGNATURE
    const refs: SampleRefs = {
      customer: site.customers[0],
      room: site.customers[0].room,
      departmentIds: departments.map((d) => d.id),
      stock: await stockRefs(app, site.token),
    }
    const picks = {
      product: (await post(`${INDEX}/productList`, { limit: 100 })).res.list.find(
        (p: { id: number }) => p.id === refs.stock!.productId,
      ).name,
      batch: (await post('/api/care/inoutstore/getProductBatch', { product_id: refs.stock!.productId })).res.find(
        (b: { id: number }) => b.id === refs.stock!.batchId,
      ),
      giftType: (await post(`${INDEX}/giftTypeList`, {})).res.find(
        (g: { id: number }) => g.id === refs.stock!.giftTypeId,
      ).name,
    }
    for (const [i, definition] of formDefinitions.entries()) {
      // One-per-customer forms each get a customer of their own.
      const customer = site.customers[i % site.customers.length]
      const data = validSample(definition, { ...refs, customer, room: customer.room })
      for (const field of fieldsOf(definition)) {
        if (field.type === 'signature') data[field.key] = signature
        if (field.type === 'images') data[field.key] = [photo, photo]
      }
      const id = await saved(`${INDEX}/saveForm`, { name: definition.name, customer_id: customer.id, data })
      const stored = (await post(`${INDEX}/getFormRecordInfo`, { id })).res

      const { name, pdf } = await pdfOf(`${INDEX}/formRecordPdf`, { id })
      const title = zhForms[definition.titleKey]
      assert.equal(name, `${title}-${id}.pdf`)
      has(pdf, title, 'the title')
      has(pdf, customer.name, "the customer's name")
      for (const field of fieldsOf(definition)) has(pdf, zhForms[labelKeyOf(field)], `the label of ${field.key}`)
      for (const value of shownValues(fieldsOf(definition), data, zhForms))
        has(pdf, value, `a value of ${definition.name}`)
      for (const field of fieldsOf(definition).filter((f) => f.type === 'computed')) {
        if (stored.data[field.key] !== null && stored.data[field.key] !== undefined)
          has(pdf, String(stored.data[field.key]), field.key)
      }
      for (const field of fieldsOf(definition).filter((f) => f.optionsSource === 'departmentList')) {
        for (const id of data[field.key] as number[])
          has(pdf, departments.find((d) => d.id === id)!.name, 'a department')
      }
      // What the pickers show: the gift type's, the product's and the batch's names and the batch's expiry.
      const picked = JSON.stringify(data)
      if (picked.includes('"gift_type_id"')) has(pdf, picks.giftType, 'the gift type')
      if (picked.includes('"batch_id"'))
        for (const text of [picks.product, picks.batch.batch_no, picks.batch.expiry_date]) has(pdf, text)
      assert.equal(
        pdf.images,
        signatureCount(fieldsOf(definition), data),
        `${definition.name}: every signature and photo`,
      )
    }
  })

  it('prints in English with lang: en, and refuses a record of another site as its info route does', async () => {
    const definition = definitionOf('儿科医生查房签到表')
    const customer = site.customers[0]
    const data = validSample(definition, { customer, room: customer.room, departmentIds: [] })
    data.doctor_signature = data.family_signature = DEMO_SIGNATURE
    const id = await saved(`${INDEX}/saveForm`, { name: definition.name, customer_id: customer.id, data })

    const { name, pdf } = await pdfOf(`${INDEX}/formRecordPdf`, { id }, { lang: 'en' })
    assert.equal(name, `${enForms[definition.titleKey]}-${id}.pdf`)
    has(pdf, enForms[definition.titleKey])
    has(pdf, enForms['form.option.umbilicus.dry'])
    has(pdf, enServer['pdf.created'])

    const theirs = { token: other.token }
    const info = await call(app, `${INDEX}/getFormRecordInfo`, { id }, theirs)
    const refused = await call(app, `${INDEX}/formRecordPdf`, { id }, theirs)
    assert.deepEqual([refused.code, refused.msg], [info.code, info.msg])
    assert.equal(refused.code, -2)
    const withoutSession = await call(app, `${INDEX}/formRecordPdf`, { id })
    assert.equal(withoutSession.code, -90001)
    const neither = await post(`${INDEX}/formRecordPdf`, {})
    assert.deepEqual([neither.code, neither.msg], [-1, zhServer['pdf.recordOrAnswer']])
  })

  it('prints the doctor a round names; a round saved before rounds named one still prints', async () => {
    const definition = definitionOf('产科医生查房签到表')
    const customer = site.customers[0]
    const data = validSample(definition, { customer, room: customer.room, departmentIds: [] })
    data.doctor_signature = data.customer_signature = DEMO_SIGNATURE
    data.doctor_name = '周雅琴'
    const id = await saved(`${INDEX}/saveForm`, { name: definition.name, customer_id: customer.id, data })
    const named = (await pdfOf(`${INDEX}/formRecordPdf`, { id })).pdf
    has(named, `${zhForms['form.field.doctor_name']}周雅琴`)

    const { doctor_name: _doctor, ...older } = data
    const oldId = await saved(`${INDEX}/saveForm`, { name: definition.name, customer_id: customer.id, data })
    await app.db.update(formRecords).set({ data: older }).where(eq(formRecords.id, oldId))
    const unnamed = (await pdfOf(`${INDEX}/formRecordPdf`, { id: oldId })).pdf
    has(unnamed, zhForms[definition.titleKey])
    has(unnamed, zhForms['form.field.temperature'])
    assert.ok(!unnamed.squeezed.includes('周雅琴'), unnamed.text)
  })

  it("prints a twins' round with a block for each of her babies, a one-baby round without one", async () => {
    const definition = definitionOf('儿科医生查房签到表')
    const [twins, single] = site.customers
    const data = validSample(definition, { customer: twins, room: twins.room, departmentIds: [] })
    data.doctor_signature = data.family_signature = DEMO_SIGNATURE
    data.temperature = 36.6
    data.babies = [{ ...(data.babies as FormData[])[0], temperature: 37.9, advice: '二宝吃奶好' }]
    const id = await saved(`${INDEX}/saveForm`, { name: definition.name, customer_id: twins.id, data })
    const { pdf } = await pdfOf(`${INDEX}/formRecordPdf`, { id })
    const titleOf = (n: number) =>
      squeeze(zhForms['formUi.babySection'].replace('{n}', String(n)).replace('{name}', `宝宝${n}`))
    // Her first baby's section is titled by her name as her twin's is, each with her own marks.
    const firstBlock = pdf.squeezed.indexOf(titleOf(1))
    const block = pdf.squeezed.indexOf(titleOf(2))
    assert.ok(firstBlock >= 0 && firstBlock < pdf.squeezed.indexOf('36.6'), pdf.text)
    assert.ok(block > pdf.squeezed.indexOf('36.6'), pdf.text)
    assert.ok(pdf.squeezed.indexOf('37.9', block) > block, pdf.text)
    assert.ok(pdf.squeezed.indexOf(squeeze('体温偏高：37.9°C（正常上限 37.5°C）'), block) > block, pdf.text)
    assert.ok(pdf.squeezed.indexOf('二宝吃奶好', block) > block, pdf.text)
    assert.equal(pdf.images, 2)
    const english = (await pdfOf(`${INDEX}/formRecordPdf`, { id }, { lang: 'en' })).pdf
    has(english, enForms['formUi.babySection'].replace('{n}', '2').replace('{name}', '宝宝2'))

    const one = validSample(definition, { customer: single, room: single.room, departmentIds: [] })
    one.doctor_signature = one.family_signature = DEMO_SIGNATURE
    const oneId = await saved(`${INDEX}/saveForm`, { name: definition.name, customer_id: single.id, data: one })
    const alone = (await pdfOf(`${INDEX}/formRecordPdf`, { id: oneId })).pdf
    assert.ok(!alone.squeezed.includes(squeeze(zhForms['formUi.babySection'].split('{n}')[0]) + '2'), alone.text)
    assert.ok(!alone.squeezed.includes(titleOf(1)), alone.text)
  })

  it('marks a value outside the centre’s range beside it, as the form marks it', async () => {
    const definition = definitionOf('产科医生查房签到表')
    const customer = site.customers[0]
    const data: FormData = {
      ...validSample(definition, { customer, room: customer.room, departmentIds: [] }),
      temperature: 38.5,
      bp_systolic: 150,
      bp_diastolic: 80,
    }
    data.doctor_signature = data.customer_signature = DEMO_SIGNATURE
    const id = await saved(`${INDEX}/saveForm`, { name: definition.name, customer_id: customer.id, data })
    const { pdf } = await pdfOf(`${INDEX}/formRecordPdf`, { id })
    has(pdf, '发热：38.5°C（≥38°C）')
    has(pdf, '收缩压偏高：150 mmHg（≥140）')
    assert.ok(!pdf.squeezed.includes('舒张压偏高'), pdf.text)
  })

  it("prints a check-in rules acknowledgement with the rules' text and the signature", async () => {
    const survey = (await post(`${INDEX}/getSurvey`, {})).res
    const customer = site.customers[site.customers.length - 1]
    const data = { agree: ['yes'], customer_signature: DEMO_SIGNATURE, sign_date: '2026-03-04' }
    const answerId = await saved(`${INDEX}/answerSave`, { customer_id: customer.id, survey_id: survey.id, data })
    const { name, pdf } = await pdfOf(`${INDEX}/formRecordPdf`, { answer_id: answerId })
    assert.equal(name, `${zhForms['form.title.checkNotice']}-${answerId}.pdf`)
    has(pdf, customer.name)
    has(pdf, '2026-03-04')
    has(pdf, zhForms['form.option.agree.yes'])
    has(pdf, survey.content.split('\n')[0])
    assert.equal(pdf.images, 1)
    const theirs = await call(app, `${INDEX}/formRecordPdf`, { answer_id: answerId }, { token: other.token })
    assert.equal(theirs.code, -2)
  })
})

describe('a signature in a PDF', () => {
  it('stays on the page of its label wherever the page ends', async () => {
    // A 1×1 PNG: fitted into the signature's box it stands as tall as a signature.
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='
    const t = { forms: formTranslator('zh-CN'), server: serverTranslator('zh-CN') }
    // Filler lines push the signature down a line at a time, across the foot of the first page.
    for (let lines = 30; lines <= 48; lines++) {
      const filler = Array.from({ length: lines }, (_, i) => ({
        key: `line${i}`,
        type: 'text' as const,
        labelKey: `第${i}行`,
      }))
      const bytes = await renderPdf(
        pdfFont(DEFAULT_PDF_FONT),
        {
          lang: 'zh-CN',
          siteName: '测试院区',
          title: '签名换页',
          facts: [],
          definition: {
            name: '签名换页',
            titleKey: '签名换页',
            route: '',
            sections: [{ titleKey: '', fields: [...filler, { key: 'sign', type: 'signature', labelKey: '客户签名' }] }],
          },
          data: { ...Object.fromEntries(filler.map((f) => [f.key, '内容'])), sign: 'sign.png' },
          names: {},
          printedAt: '',
        },
        t,
        () => png,
      )
      const file = path.join(work, `sign-${lines}.pdf`)
      writeFileSync(file, bytes)
      const pageOf = (text: string) => {
        for (let page = 1; page <= 3; page++) {
          const words = execFileSync('pdftotext', ['-f', String(page), '-l', String(page), file, '-'], {
            encoding: 'utf8',
          })
          if (words.includes(text)) return page
        }
        return 0
      }
      // pdfimages -list: two header lines, then page, number, type, …
      const imagePages = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
        .split('\n')
        .slice(2)
        .filter((line) => line.trim().split(/\s+/)[2] === 'image')
        .map((line) => Number(line.trim().split(/\s+/)[0]))
      assert.deepEqual(imagePages, [pageOf('客户签名')], `${lines} lines: the label's page and the signature's`)
    }
  })
})

describe('PDFs of orders', () => {
  it('prints an outbound order with its status, who approved it, each row with its batch and expiry, and the totals', async () => {
    const refs = await stockRefs(app, site.token)
    const [batch] = (await post('/api/care/inoutstore/getProductBatch', { product_id: refs.productId })).res
    const id = await saved(`${OUT}/save`, general([row(refs.productId, refs.batchId, 2)], { remark: '科室补货备注' }))
    assert.equal((await check(OUT, { id, approve: true })).code, 1)
    const order = (await post(`${OUT}/info`, { id })).res
    const { name, pdf } = await pdfOf(`${OUT}/pdf`, { id })
    assert.equal(name, `${zhForms['form.title.outApplyGeneral']}-${order.no}.pdf`)
    for (const text of [
      order.no,
      zhServer['pdf.status.approved'],
      zhServer['pdf.approvedBy'],
      order.checked_by_name,
      order.department_name,
      '科室补货备注',
    ]) {
      has(pdf, text)
    }
    has(pdf, order.items[0].product_name)
    // Each item's specification beside it, and the lines the paper copy is signed on.
    has(pdf, zhForms['form.field.specification'])
    has(pdf, order.items[0].spec, 'the specification')
    for (const line of ['pdf.sign.requester', 'pdf.sign.checker', 'pdf.sign.handler']) has(pdf, zhServer[line])
    has(pdf, batch.batch_no)
    has(pdf, batch.expiry_date)
    has(pdf, order.total.toFixed(2), 'the total')
    // The items section is titled once, not again by its table.
    assert.equal(pdf.squeezed.split(zhForms['form.section.items']).length - 1, 1, pdf.text)

    const theirs = await call(app, `${OUT}/pdf`, { id }, { token: other.token })
    const theirInfo = await call(app, `${OUT}/info`, { id }, { token: other.token })
    assert.deepEqual([theirs.code, theirs.msg], [theirInfo.code, theirInfo.msg])
  })

  it('prints a rejected gift-pack order with the reason, in English too', async () => {
    const refs = await stockRefs(app, site.token)
    const customer = site.customers[1]
    const body = {
      type: 'gift',
      customer_id: customer.id,
      gift_type_id: refs.giftTypeId,
      items: [row(refs.productId, refs.batchId, 1)],
    }
    const id = await saved(`${OUT}/save`, body)
    assert.equal((await check(OUT, { id, approve: false, reason: '礼包已发放过' })).code, 1)
    const order = (await post(`${OUT}/info`, { id })).res
    const { pdf } = await pdfOf(`${OUT}/pdf`, { id })
    for (const text of [
      zhForms['form.title.outApplyGift'],
      customer.name,
      order.gift_type_name,
      zhServer['pdf.status.rejected'],
      zhServer['pdf.rejectedBy'],
      '礼包已发放过',
    ]) {
      has(pdf, text)
    }
    const english = await pdfOf(`${OUT}/pdf`, { id }, { lang: 'en' })
    assert.equal(english.name, `${enForms['form.title.outApplyGift']}-${order.no}.pdf`)
    has(english.pdf, enServer['pdf.status.rejected'])
  })

  it("prints a self-paid order with the prices it was saved at, subtotals, the total and the customer's signature", async () => {
    const { productId, batches } = await addProduct(app, site.siteId, {
      price: '12.50',
      batches: [{ expiresIn: 100, quantity: 10 }],
    })
    const customer = site.customers[0]
    const body = {
      customer_id: customer.id,
      // The client's price is not the order's: the product list's is.
      items: [{ ...row(productId, batches[0].id, 3), price: 1 }],
      signature: DEMO_SIGNATURE,
    }
    const id = await saved(`${CARE}/save`, body)
    // A later price in the list does not change what the order was saved at.
    await app.db.update(products).set({ price: '20.00' }).where(eq(products.id, productId))
    const order = (await post(`${CARE}/info`, { id })).res
    const { name, pdf } = await pdfOf(`${CARE}/pdf`, { id })
    assert.equal(name, `${zhForms['form.title.specialCare']}-${order.no}.pdf`)
    for (const text of [
      customer.name,
      customer.room,
      zhServer['pdf.status.pending'],
      '12.50',
      '37.50',
      order.items[0].batch_no,
    ])
      has(pdf, text)
    assert.equal(pdf.images, 1)
    const theirs = await call(app, `${CARE}/pdf`, { id }, { token: other.token })
    assert.equal(theirs.code, -2)
  })

  it('marks a self-paid order charged to a room other than hers, and not one charged to her own', async () => {
    const { productId, batches } = await addProduct(app, site.siteId, { batches: [{ expiresIn: 100, quantity: 10 }] })
    const customer = site.customers[0]
    const elsewhere = site.customers.find((c) => c.room !== customer.room)!.room
    const order = (room: string) =>
      saved(`${CARE}/save`, {
        customer_id: customer.id,
        room,
        items: [row(productId, batches[0].id, 1)],
        signature: DEMO_SIGNATURE,
      })
    const flag = zhForms['form.flag.otherRoom'].replace('{bound}', customer.room)
    const { pdf } = await pdfOf(`${CARE}/pdf`, { id: await order(elsewhere) })
    has(pdf, `${zhForms['form.field.room']}${elsewhere}${flag}`)
    const own = (await pdfOf(`${CARE}/pdf`, { id: await order(customer.room) })).pdf
    has(own, customer.room)
    assert.ok(!own.squeezed.includes(squeeze(flag)), own.text)
    const english = (await pdfOf(`${CARE}/pdf`, { id: await order(elsewhere) }, { lang: 'en' })).pdf
    has(english, enForms['form.flag.otherRoom'].replace('{bound}', customer.room))
  })

  it("prints a family meal order's price of each meal and its amount; one saved with one price, at that price", async () => {
    const definition = definitionOf('家属订餐登记表')
    const customer = site.customers[0]
    const sample = validSample(definition, { customer, room: customer.room, departmentIds: [] })
    const meals = { breakfast: 1, breakfast_price: 18, lunch: 2, lunch_price: 36.5, dinner: 0, dinner_price: 40 }
    const data = { ...sample, ...meals, family_signature: DEMO_SIGNATURE }
    const id = await saved(`${INDEX}/saveForm`, { name: definition.name, customer_id: customer.id, data })
    const { pdf } = await pdfOf(`${INDEX}/formRecordPdf`, { id })
    for (const [key, price] of [
      ['breakfast_price', '18.00'],
      ['lunch_price', '36.50'],
    ])
      has(pdf, `${zhForms[`form.field.${key}`]}${price}`)
    has(pdf, `${zhForms['form.field.amount']}91${zhForms['form.unit.yuan']}`)

    // Saved before each meal had its price: one price, and the amount the server worked out then.
    const [earlier] = await app.db
      .insert(formRecords)
      .values({
        siteId: site.siteId,
        name: definition.name,
        customerId: customer.id,
        data: {
          customer_id: customer.id,
          meal_date: sample.meal_date,
          breakfast: 0,
          lunch: 1,
          dinner: 2,
          unit_price: 25,
          amount: 75,
          family_signature: DEMO_SIGNATURE,
        },
        createdBy: site.accountId,
        updatedBy: site.accountId,
      })
      .returning({ id: formRecords.id })
    const old = (await pdfOf(`${INDEX}/formRecordPdf`, { id: earlier.id })).pdf
    has(old, `${zhForms['form.field.lunch_price']}25.00`)
    has(old, `${zhForms['form.field.dinner_price']}25.00`)
    has(old, `${zhForms['form.field.amount']}75${zhForms['form.unit.yuan']}`)
  })

  it('prints an inbound order: the supplier, each row with its batch, expiry and unit cost, and the totals', async () => {
    const { productId, name: productName } = await addProduct(app, site.siteId)
    const items = [
      { product_id: productId, batch_no: 'PDF-RK-1', expiry_date: '2099-03-01', quantity: 6, unit_cost: 12.5 },
    ]
    const id = await saved(`${INBOUND}/save`, { supplier: '打印测试供应商', items, remark: '到货备注' })
    assert.equal((await check(INBOUND, { id, approve: true })).code, 1)
    const order = (await post(`${INBOUND}/info`, { id })).res
    const { name, pdf } = await pdfOf(`${INBOUND}/pdf`, { id })
    assert.equal(name, `${zhForms['form.title.inbound']}-${order.no}.pdf`)
    for (const text of [
      order.no,
      '打印测试供应商',
      productName,
      'PDF-RK-1',
      '2099-03-01',
      '12.50',
      '75.00',
      zhServer['pdf.status.approved'],
      order.checked_by_name,
      '到货备注',
      '测试规格',
      zhServer['pdf.sign.checker'],
      zhServer['pdf.sign.handler'],
    ])
      has(pdf, text)
    assert.ok(!pdf.squeezed.includes(squeeze(zhServer['pdf.customer'])), 'goods received belong to no customer')
    const theirs = await call(app, `${INBOUND}/pdf`, { id }, { token: other.token })
    assert.deepEqual([theirs.code, theirs.msg], [-2, zhServer['order.notFound']])
  })
})

describe('PDF links', () => {
  const recordLink = async () => {
    const id = (await post(`${INDEX}/getFormRecord`, { limit: 1 })).res.list[0].id
    return { id, link: (await post(`${INDEX}/formRecordPdf`, { id })).res.url as string }
  }

  it('answers a link opened again with the PDF made the first time', async () => {
    const definition = definitionOf('儿科医生查房签到表')
    const customer = site.customers[0]
    const data = {
      ...validSample(definition, { customer, room: customer.room, departmentIds: [] }),
      advice: '按需喂养',
    }
    const body = { name: definition.name, customer_id: customer.id, data }
    const id = await saved(`${INDEX}/saveForm`, body)
    const { link, pdf } = await pdfOf(`${INDEX}/formRecordPdf`, { id })
    has(pdf, '按需喂养')
    const first = (await open(link)).rawPayload
    await saved(`${INDEX}/saveForm`, { ...body, id, data: { ...data, advice: '每三小时喂一次' } })
    // The link still opens what it opened: nothing is read or drawn again.
    const again = await open(link)
    assert.equal(again.statusCode, 200)
    assert.deepEqual(again.rawPayload, first)
    // A new link shows the change.
    has((await pdfOf(`${INDEX}/formRecordPdf`, { id })).pdf, '每三小时喂一次')
  })

  it('refuses an expired link with 403 in its language', async () => {
    const { id } = await recordLink()
    const past = Math.floor(Date.now() / 1000) - 1
    for (const [lang, messages] of [
      ['zh-CN', zhServer],
      ['en', enServer],
    ] as const) {
      const token = signPdfLink(Buffer.from(SECRET), {
        kind: 'record',
        id,
        siteId: site.siteId,
        accountId: site.accountId,
        lang,
        expires: past,
      })
      const response = await open(`/api/pdf/${token}`)
      assert.equal(response.statusCode, 403)
      assert.deepEqual(response.json(), { code: -5, msg: messages['pdf.linkExpired'], res: null })
    }
    // A link that is still valid opens.
    const fresh = signPdfLink(Buffer.from(SECRET), {
      kind: 'record',
      id,
      siteId: site.siteId,
      accountId: site.accountId,
      lang: 'en',
      expires: past + 60,
    })
    assert.equal((await open(`/api/pdf/${fresh}`)).statusCode, 200)
  })

  it('refuses an altered link, one for another record or site, and one signed with another secret', async () => {
    const { id, link } = await recordLink()
    const [payload, signature] = link.slice('/api/pdf/'.length).split('.')
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`
    const expires = Math.floor(Date.now() / 1000) + 60
    const otherRecord = signPdfLink(Buffer.from('another secret'), {
      kind: 'record',
      id: id + 1,
      siteId: site.siteId,
      accountId: site.accountId,
      lang: 'en',
      expires,
    })
    const changedPayload = `${otherRecord.split('.')[0]}.${signature}`
    for (const [token, message] of [
      [`${payload}.${flipped}`, zhServer['pdf.linkInvalid']],
      [changedPayload, enServer['pdf.linkInvalid']],
      [otherRecord, enServer['pdf.linkInvalid']],
      ['not-a-link', zhServer['pdf.linkInvalid']],
    ]) {
      const response = await open(`/api/pdf/${token}`)
      assert.equal(response.statusCode, 403, token)
      assert.deepEqual(response.json(), { code: -5, msg: message, res: null })
    }
    // However long the ids make a link, it reaches the route (the router's default limit is 100 characters).
    const far = signPdfLink(Buffer.from(SECRET), {
      kind: 'specialCare',
      id: Number.MAX_SAFE_INTEGER,
      siteId: site.siteId,
      accountId: site.accountId,
      lang: 'zh-CN',
      expires,
    })
    assert.ok(far.length > 100)
    assert.deepEqual((await open(`/api/pdf/${far}`)).json(), { code: -2, msg: zhServer['order.notFound'], res: null })
    // A valid link of our site for another site's record opens nothing.
    const definition = definitionOf('儿科医生查房签到表')
    const theirs = other.customers[0]
    const data = validSample(definition, { customer: theirs, room: theirs.room, departmentIds: [] })
    const body = { name: definition.name, customer_id: theirs.id, data }
    const theirId = (await call(app, `${INDEX}/saveForm`, body, { token: other.token })).res.id
    const token = signPdfLink(Buffer.from(SECRET), {
      kind: 'record',
      id: theirId,
      siteId: site.siteId,
      accountId: site.accountId,
      lang: 'zh-CN',
      expires,
    })
    const response = await open(`/api/pdf/${token}`)
    assert.deepEqual(response.json(), { code: -2, msg: zhServer['record.notFound'], res: null })
  })
})

describe('the font', () => {
  it('without it a PDF is refused with a message, and the log says what to install', async () => {
    const missing = path.join(work, 'no-such-font.ttc')
    assert.match(fontProblem(missing)!, /fonts-wqy-microhei.*PDF_FONT/)
    assert.equal(fontProblem('/usr/share/fonts/truetype/wqy/wqy-microhei.ttc'), undefined)
    const settings = {
      font: missing,
      linkSecret: Buffer.from(SECRET),
      linkTtlSeconds: 60,
      uploads: await openFolderStore(work),
    }
    const where = { id: site.siteId, name: 'site', timeZone: 'Asia/Shanghai' }
    await assert.rejects(
      createPdfLink(
        app.db,
        settings,
        where,
        { siteId: site.siteId, accountId: site.accountId },
        { kind: 'record', id: 1, lang: 'zh-CN' },
      ),
      (error) => error instanceof AppError && error.key === 'pdf.fontMissing' && error.httpStatus === 503,
    )
    for (const messages of [zhServer, enServer]) assert.ok(messages['pdf.fontMissing'])
  })
})
