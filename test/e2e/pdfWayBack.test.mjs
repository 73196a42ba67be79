// The PDF's way back on H5 in WeChat's own browser, where the PDF replaces the app in the page: the
// browser's back reopens the app on the record it was showing (a record saved on a new form, one
// opened from 历史记录 with what is typed on it, an order opened from its list), and the list behind it
// with its search.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { useApp, fieldOf, fmt, formZh, openEntry } from './app.mjs'
import { FORMS, assertShown, fillAll, formReady, productWithStock, saveAndWaitSaved } from './formSteps.mjs'

const app = useApp()
const headerPdf = (page) =>
  page.locator('.form-header__pdf').filter({ hasText: formZh['formUi.exportPdf'], visible: true })
const editChip = (page, id) =>
  page.locator('.form-header__chip--edit').getByText(fmt(formZh['formUi.editRecord'], { id }), { exact: true })
const isPdf = (url) => url.pathname.startsWith('/api/pdf/')

/**
 * A page in WeChat's browser. Chromium's PDF viewer is kept out (a headless page showing it can
 * hang on closing): the browser still asks the real server for the PDF's address, which must send a
 * PDF, and the page then shows a plain page in its place.
 */
async function weChatPage() {
  const page = await app.newPage()
  const cdp = await page.context().newCDPSession(page)
  const userAgent = await page.evaluate(() => navigator.userAgent)
  await cdp.send('Emulation.setUserAgentOverride', {
    userAgent: `${userAgent} MicroMessenger/8.0.50 NetType/WIFI Language/zh_CN`,
  })
  await page.route('**/api/pdf/**', async (route) => {
    const reply = await route.fetch()
    assert.equal(reply.status(), 200)
    assert.match(reply.headers()['content-type'], /^application\/pdf/)
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>PDF</title>' })
  })
  return page
}

/** Taps the form's 导出 PDF: the page itself goes to the PDF, and the browser's back returns. */
async function printAndComeBack(page) {
  await headerPdf(page).click()
  await page.waitForURL(isPdf)
  await page.goBack()
  assert.ok(!isPdf(new URL(page.url())), page.url())
}

test('a record saved on a new form: printed, the way back shows that record, not a blank form', async () => {
  const spec = FORMS.visit
  const page = await weChatPage()
  await app.loginAndPick(page, '821')
  await openEntry(page, spec.entry)
  await formReady(page, spec.titleKey, spec.fields[0].key)
  const expected = await fillAll(page, spec.fields)
  const id = await saveAndWaitSaved(page)

  await printAndComeBack(page)
  await formReady(page, spec.titleKey, spec.fields[0].key)
  await editChip(page, id).waitFor()
  await assertShown(page, expected)
  await fieldOf(page, 'visitor_signature').locator('.form-signature__image').waitFor()

  // Another record opened from 历史记录 and printed comes back as itself, too.
  const saved = await app.api(page, 'index/getFormRecordInfo', { id })
  const { id: other } = await app.api(page, 'index/saveForm', {
    name: spec.name,
    customer_id: saved.customer_id,
    data: { ...saved.data, visitor_name: '历史访客' },
  })
  await page.locator('.nut-button').filter({ hasText: formZh['formUi.records'] }).click()
  await page.locator('.form-records__row').filter({ hasText: '历史访客' }).first().click()
  await editChip(page, other).waitFor()
  // What is typed on it and not yet saved comes back too (its draft).
  const remark = fieldOf(page, 'remark').locator('textarea')
  await remark.fill('打印前改的备注')
  await page.waitForFunction(() =>
    Object.keys(localStorage).some((k) => k.startsWith('draft:') && localStorage.getItem(k).includes('打印前改的备注')),
  )
  await printAndComeBack(page)
  await page.locator('.form-header__chip--draft').getByText(formZh['formUi.draftRestored'], { exact: true }).waitFor()
  assert.equal(await fieldOf(page, 'visitor_name').locator('input').inputValue(), '历史访客')
  assert.equal(await remark.inputValue(), '打印前改的备注')
  await page.close()
})

test('an order opened from its searched list: printed, back shows the order, back again the list as searched', async () => {
  const page = await weChatPage()
  await app.loginAndPick(page)
  const { product, batch } = await productWithStock(app, page, 2)
  const [department] = await app.api(page, 'index/departmentList', {})
  const order = (requester) =>
    app.api(page, 'outApply/save', {
      type: 'general',
      department_id: department.id,
      requester,
      items: [{ product_id: product.id, batch_id: batch.id, quantity: 1 }],
    })
  await order('返回领用人乙')
  const { id } = await order('返回领用人甲')
  await app.asManager('outApply/check', { id, approve: true })

  await openEntry(page, 'entry.outApplyGeneralList')
  const search = page.locator('.stock-list__keyword input')
  await search.fill('返回领用人甲')
  const cards = page.locator('.stock-list__card')
  const card = cards.filter({ hasText: '返回领用人甲' })
  await card.locator('.stock-list__tag--approved').waitFor()
  await cards.filter({ hasText: '返回领用人乙' }).waitFor({ state: 'detached' })
  const list = page.url()

  await card.click()
  await fieldOf(page, 'requester').waitFor()
  await printAndComeBack(page)
  assert.equal(await fieldOf(page, 'requester').locator('input').inputValue(), '返回领用人甲')

  await page.goBack()
  await page.waitForURL(list)
  await card.locator('.stock-list__tag--approved').waitFor()
  assert.equal(await search.inputValue(), '返回领用人甲')
  assert.equal(await cards.filter({ hasText: '返回领用人乙' }).count(), 0)
  await page.close()
})
