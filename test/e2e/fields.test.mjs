// The fields as a person sees them, measured in Chromium on the real server: a long note stays in
// its box above its count, a signature is shown at the pad's proportions in the middle of its
// field, inputs in sheets look like inputs, full-width numbers are read as numbers and a negative
// one is refused as typed, and a refused save counts exactly the fields it marks.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { useApp, zh, formZh, fmt, button, fieldOf, saveButton, eventually, sign } from './app.mjs'
import { addItem, addItemRow, chooseFirst, chooseItem, fill, formReady, label, productWithStock } from './formSteps.mjs'

const app = useApp()

const OUT_APPLY = '/pagesHome/pages/form/linliao/commom/form'
const FAMILY_FOOD = '/pagesHome/pages/form/familyFood/form'
const OBSTETRIC = '/pagesHome/pages/form/Obstetricianrounds/form'
const VISIT = '/pagesHome/pages/form/visit/form'
const SPECIAL_CARE = '/pagesHome/pages/form/Selffundeditemconsumptiontable/form'

const box = (locator) => locator.boundingBox()
const inside = (inner, outer, slack = 0.5) =>
  inner.x >= outer.x - slack &&
  inner.y >= outer.y - slack &&
  inner.x + inner.width <= outer.x + outer.width + slack &&
  inner.y + inner.height <= outer.y + outer.height + slack
const overlap = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** The text of the toast on screen (Taro's H5 toast: a 0×0 holder of a fixed box), '' when none. */
const shownToast = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.taro__toast')]
      .filter((toast) => getComputedStyle(toast).display !== 'none')
      .map((toast) => toast.textContent.trim())
      .join(''),
  )
const toastText = (page) => eventually(() => shownToast(page), 'a toast')

test('a 1,000-character note grows its box up to a height, then scrolls; its count is never covered', async () => {
  const page = await app.newPage()
  await app.loginAndPick(page, '812')
  await page.goto(`${app.server.url}${OBSTETRIC}`)
  await formReady(page, 'form.title.obstetricianRounds', 'round_date')
  const field = fieldOf(page, 'advice')
  await field.scrollIntoViewIfNeeded()
  const frame = field.locator('.form-textarea')
  const text = field.locator('textarea')
  const count = field.locator('.nut-textarea-limit')

  const heightOf = async () => (await box(text)).height
  const empty = await heightOf()
  await text.fill('第一行\n第二行\n第三行\n第四行\n第五行')
  // Grows with its lines.
  await eventually(async () => (await heightOf()) > empty + 20, 'the box to grow with five lines')

  await text.fill('产'.repeat(300) + '后'.repeat(700))
  await text.blur()
  await count.getByText('1000/1000').waitFor()
  await eventually(async () => {
    const [area, outer, limit] = await Promise.all([box(text), box(frame), box(count)])
    return inside(area, outer) && inside(limit, outer) && !overlap(area, limit) && limit.y >= area.y + area.height
  }, 'the text box inside its frame, the count below it')
  // Up to a height (well under the screen's), then it scrolls inside.
  const area = await box(text)
  assert.ok(area.height < 812 / 2, `the box is ${area.height}px high`)
  const scroll = await text.evaluate((el) => ({
    content: el.scrollHeight,
    shown: el.clientHeight,
    overflow: getComputedStyle(el).overflowY,
  }))
  assert.ok(scroll.content > scroll.shown + 100, JSON.stringify(scroll))
  assert.notEqual(scroll.overflow, 'hidden')
  // Nothing of the field spills over the next field.
  const next = await box(fieldOf(page, 'doctor_signature'))
  assert.ok((await box(field)).y + (await box(field)).height <= next.y + 0.5)
  await page.close()
})

test('a saved note of several lines opens in a box that shows them all', async () => {
  const page = await app.newPage()
  await app.loginAndPick(page, '801')
  // A visit of this customer's, copied with a note of five lines.
  const customerId = await page.evaluate(() => JSON.parse(localStorage.getItem('customerInfo')).data.id)
  const name = formZh['form.title.visit']
  const { list } = await app.api(page, 'index/getFormRecord', { name, customer_id: customerId, page: 1, limit: 1 })
  const { id } = await app.api(page, 'index/saveForm', {
    name,
    customer_id: customerId,
    data: { ...list[0].data, remark: '一\n二\n三\n四\n五' },
  })

  await page.goto(`${app.server.url}${VISIT}`)
  await formReady(page, 'form.title.visit', 'visitor_name')
  const text = fieldOf(page, 'remark').locator('textarea')
  await button(page, formZh['formUi.records']).click()
  await page.locator('.form-records__row').first().click()
  await page
    .locator('.form-header__chip--edit')
    .getByText(fmt(formZh['formUi.editRecord'], { id }), { exact: true })
    .waitFor()
  assert.equal(await text.inputValue(), '一\n二\n三\n四\n五')
  // Five lines high, none of them scrolled out of the box.
  const measure = () =>
    text.evaluate((el) => ({
      content: el.scrollHeight,
      shown: el.clientHeight,
      line: parseFloat(getComputedStyle(el).lineHeight),
    }))
  await eventually(async () => {
    const { content, shown, line } = await measure()
    return shown >= 5 * line && content <= shown + 1
  }, 'the box to show five lines')
  await page.close()
})

test('a signature is shown at the pad’s proportions, centred in its field, large enough to recognise', async () => {
  const page = await app.newPage()
  await app.loginAndPick(page, '813')
  await page.goto(`${app.server.url}${FAMILY_FOOD}`)
  await formReady(page, 'form.title.familyFood', 'meal_date')
  await sign(page, 'family_signature')
  const field = fieldOf(page, 'family_signature')
  const image = field.locator('.form-signature__image')
  await image.locator('img').evaluate((img) => img.complete || new Promise((resolve) => (img.onload = resolve)))

  // The pad as it is drawn on (the signature opens it again when tapped).
  await field.locator('.form-signature__box').click()
  const canvas = page.locator('.signature-pad__canvas')
  await canvas.hover()
  const pad = await box(canvas)
  await page
    .locator('.form-signature__popup .nut-popup-title-right, .form-signature__popup .nut-popup-close-icon')
    .first()
    .click()
  await canvas.waitFor({ state: 'detached' })

  const shown = await box(image.locator('img'))
  const natural = await image.locator('img').evaluate((img) => ({ width: img.naturalWidth, height: img.naturalHeight }))
  const control = await box(field.locator('.form-field__input'))
  const padRatio = pad.width / pad.height
  assert.ok(
    Math.abs(shown.width / shown.height - padRatio) < 0.03,
    `shown ${shown.width}×${shown.height}, pad ${pad.width}×${pad.height}`,
  )
  assert.ok(Math.abs(natural.width / natural.height - padRatio) < 0.03, `the PNG ${natural.width}×${natural.height}`)
  assert.ok(Math.abs(shown.x + shown.width / 2 - (control.x + control.width / 2)) < 1.5, 'centred across the field')
  assert.ok(shown.width >= 240 && shown.height >= 120, `${shown.width}×${shown.height} is too small to recognise`)
  assert.ok(inside(shown, await box(field.locator('.form-signature__box'))), 'inside its box')
  await page.close()
})

/** The sheet's own fill, and whether the input's box shows an edge or a fill of its own against it. */
async function standsOut(input) {
  return input.evaluate((el) => {
    const sheet = el.closest('.nut-popup')
    const sheetFill = getComputedStyle(sheet).backgroundColor
    const visible = (color) => color && color !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(color)
    for (let node = el; node && node !== sheet; node = node.parentElement) {
      const style = getComputedStyle(node)
      const edge =
        parseFloat(style.borderTopWidth) > 0 &&
        style.borderTopStyle !== 'none' &&
        visible(style.borderTopColor) &&
        style.borderTopColor !== sheetFill
      const fillOwn = visible(style.backgroundColor) && style.backgroundColor !== sheetFill
      if (edge || fillOwn) return { ok: true, sheetFill, edge: style.borderTopColor, fill: style.backgroundColor }
    }
    return { ok: false, sheetFill }
  })
}

test('inputs in sheets look like inputs: the customer search, the reject reason, a long list’s search', async () => {
  const page = await app.newPage()
  await app.loginAndPick(page)
  await button(page, zh['home.chooseCustomer']).click()
  const keyword = page.locator('.customer-picker input[placeholder="' + zh['customer.searchPlaceholder'] + '"]')
  await keyword.waitFor()
  const keywordLook = await standsOut(keyword)
  assert.ok(keywordLook.ok, `the customer search is not told from the sheet: ${JSON.stringify(keywordLook)}`)
  const [department] = await app.api(page, 'index/departmentList', {})
  const { product, batch } = await productWithStock(app, page, 1)
  // A colleague's order: its maker does not check it herself.
  await app.asManager('outApply/save', {
    type: 'general',
    department_id: department.id,
    requester: '驳回框测试',
    items: [{ product_id: product.id, batch_id: batch.id, quantity: 1 }],
  })
  await page.goto(`${app.server.url}/pagesHome/pages/form/linliao/index`)
  const card = page.locator('.stock-list__card').filter({ hasText: '驳回框测试' })
  await card.waitFor()
  await card.locator('.nut-button').filter({ hasText: formZh['stock.reject'] }).click()
  const reason = page.locator('.stock-list__reject input[placeholder="' + formZh['stock.reasonPlaceholder'] + '"]')
  await reason.waitFor()
  const look = await standsOut(reason)
  assert.ok(look.ok, `the reason box is not told from the sheet: ${JSON.stringify(look)}`)
  // As high as the form's own inputs.
  assert.ok((await box(page.locator('.stock-list__reason-input'))).height >= 32)
  await page.close()

  // A product list long enough to be searched: its search box in the sheet.
  const form = await app.newPage()
  await app.loginAndPick(form)
  await form.goto(`${app.server.url}${OUT_APPLY}`)
  await fieldOf(form, 'department_id').waitFor()
  await button(form, fmt(formZh['formUi.addRow'], { row: formZh['form.row.items'] })).click()
  await fieldOf(form, 'items.0.product_id').locator('.form-picker__value').click()
  const search = form.locator('.form-choice-popup input[placeholder="' + formZh['stock.search'] + '"]')
  await search.waitFor()
  const searchLook = await standsOut(search)
  assert.ok(searchLook.ok, `the search box is not told from the sheet: ${JSON.stringify(searchLook)}`)
  await form.close()
})

test('full-width digits and marks are read as numbers and saved as such; a negative amount is refused as typed', async () => {
  const page = await app.newPage()
  await app.loginAndPick(page, '815')
  const customerId = await page.evaluate(() => JSON.parse(localStorage.getItem('customerInfo')).data.id)
  await page.goto(`${app.server.url}${FAMILY_FOOD}`)
  await formReady(page, 'form.title.familyFood', 'meal_date')
  await fill(page, { key: 'meal_date', type: 'date' })

  const price = fieldOf(page, 'breakfast_price').locator('input')
  await price.fill('－５')
  await price.blur()
  // Refused as typed, with the rule's own words; not turned into -5.00 first.
  await fieldOf(page, 'breakfast_price')
    .locator('.field-message')
    .getByText(fmt(formZh['form.rule.negative'], { label: label('breakfast_price') }))
    .waitFor()
  assert.equal(await price.inputValue(), '－５')

  await price.fill('２５．５')
  await price.blur()
  await eventually(async () => (await price.inputValue()) === '25.50', 'the price shown as the app reads it')
  assert.equal(await fieldOf(page, 'breakfast_price').locator('.field-message').count(), 0)
  const breakfast = fieldOf(page, 'breakfast').locator('input')
  await breakfast.fill('２')
  await breakfast.blur()
  await eventually(async () => (await breakfast.inputValue()) === '2', 'two breakfasts')
  const lunch = fieldOf(page, 'lunch').locator('input')
  await lunch.fill('-1')
  await lunch.blur()
  await fieldOf(page, 'lunch')
    .locator('.field-message')
    .getByText(fmt(formZh['form.rule.negative'], { label: label('lunch') }))
    .waitFor()
  await lunch.fill('')
  await lunch.blur()
  // The amount counts what was read.
  await fieldOf(page, 'amount').getByText('51').waitFor()
  await sign(page, 'family_signature')
  await saveButton(page).click()
  await page.locator('.form-header__chip--edit').waitFor()
  const { list } = await app.api(page, 'index/getFormRecord', {
    name: '家属订餐登记表',
    customer_id: customerId,
    page: 1,
    limit: 1,
  })
  // Sent as numbers, half-width: what the server's rules accept.
  assert.equal(list[0].data.breakfast_price, 25.5)
  assert.equal(list[0].data.breakfast, 2)
  await page.close()
})

test('a refused save counts exactly the fields it marks and scrolls to the first', async () => {
  const page = await app.newPage()
  await app.loginAndPick(page)
  await page.goto(`${app.server.url}${OUT_APPLY}`)
  await fieldOf(page, 'department_id').waitFor()
  await chooseFirst(page, 'department_id')
  await fieldOf(page, 'requester').locator('input').fill('超量测试')
  const { product } = await productWithStock(app, page, 1)
  await addItem(page, 0, product, 1)
  const quantity = fieldOf(page, 'items.0.quantity').locator('input')
  await quantity.fill('999999')

  // Over the maximum and over the stock: one field, one message, no count of two.
  await saveButton(page).click()
  const one = await toastText(page)
  const marked = page.locator('.form-field--invalid')
  await eventually(async () => (await marked.count()) === 1, 'one marked field')
  assert.equal(await marked.getAttribute('id'), 'form-field-items-0-quantity')
  assert.doesNotMatch(
    one,
    new RegExp(fmt(formZh['formUi.invalidMany'], { message: '', count: '\\d+' }).replace(/[()（）]/g, '.')),
  )
  assert.match(one, new RegExp(fmt(formZh['form.rule.max'], { label: formZh['form.field.quantity'], max: 9999 })))
  await eventually(async () => (await shownToast(page)) === '', 'the toast gone')

  // Two fields: the count says two, two are marked, and the first (higher on the page) is on screen.
  await fieldOf(page, 'requester').locator('input').fill('')
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await saveButton(page).click()
  const two = await toastText(page)
  assert.equal(
    two,
    fmt(formZh['formUi.invalidMany'], {
      message: fmt(formZh['form.rule.required'], { label: label('requester') }),
      count: 2,
    }),
  )
  await eventually(async () => (await marked.count()) === 2, 'two marked fields')
  await eventually(async () => {
    const frame = await box(fieldOf(page, 'requester'))
    return frame.y >= 0 && frame.y + frame.height <= 812
  }, 'the first marked field scrolled into view')
  await page.close()
})

test('自费物品消费表: after a refused save, choosing an item clears 请选择物品明细 and the marks of 物品 and 批次', async () => {
  const page = await app.newPage()
  await app.loginAndPick(page, '806')
  await page.goto(`${app.server.url}${SPECIAL_CARE}`)
  await formReady(page, 'form.title.specialCare', 'room')
  const items = fieldOf(page, 'items')
  const noItems = fmt(formZh['form.rule.requiredChoice'], { label: formZh['form.field.items'] })
  const marks = page.locator('.form-field--invalid')
  await saveButton(page).click()
  await items.locator('.field-message').getByText(noItems).waitFor()
  const { product } = await productWithStock(app, page, 1)
  await addItem(page, 0, product, 1)
  // Only her signature, still to be drawn, stays marked.
  await eventually(async () => (await marks.count()) === 1, 'only one field marked once the item is chosen')
  await fieldOf(page, 'signature')
    .and(marks)
    .getByText(fmt(formZh['form.rule.requiredSignature'], { label: formZh['form.field.customer_signature'] }))
    .waitFor()
  assert.equal(await items.getByText(noItems).count(), 0)

  // A row left empty: its item and batch are marked, and a choice clears both.
  await addItemRow(page)
  await saveButton(page).click()
  await fieldOf(page, 'items.1.product_id').and(marks).waitFor()
  await fieldOf(page, 'items.1.batch_id').and(marks).waitFor()
  await chooseItem(page, 1, product)
  await eventually(
    async () => (await fieldOf(page, 'items.1.product_id').and(marks).count()) === 0,
    'the item no longer marked',
  )
  assert.equal(await fieldOf(page, 'items.1.batch_id').and(marks).count(), 0)
  await page.close()
})

test('zh and en: the negative message is in the reader’s language', async () => {
  const page = await app.newPage()
  await app.loginAndPick(page, '815')
  await page.evaluate(() => localStorage.setItem('lang', JSON.stringify({ data: 'en' })))
  await page.goto(`${app.server.url}${FAMILY_FOOD}`)
  await fieldOf(page, 'lunch_price').waitFor()
  const price = fieldOf(page, 'lunch_price').locator('input')
  await price.fill('-3')
  await price.blur()
  const { default: formEn } = await import('../../locales/forms/en.json', { with: { type: 'json' } })
  await fieldOf(page, 'lunch_price')
    .locator('.field-message')
    .getByText(fmt(formEn['form.rule.negative'], { label: formEn['form.field.lunch_price'] }))
    .waitFor()
  await page.close()
})

test('numeric fields open the number pad: digits where whole numbers go, with a point where decimals do', async () => {
  const page = await app.newPage()
  await app.loginAndPick(page, '815')
  const keypad = (key) =>
    fieldOf(page, key)
      .locator('input')
      .evaluate((input) => ({ type: input.type, inputMode: input.inputMode }))
  await page.goto(`${app.server.url}${VISIT}`)
  await formReady(page, 'form.title.visit', 'visitors')
  assert.deepEqual(await keypad('visitors'), { type: 'text', inputMode: 'numeric' })
  assert.deepEqual(await keypad('temperature'), { type: 'text', inputMode: 'decimal' })
  await page.goto(`${app.server.url}${FAMILY_FOOD}`)
  await formReady(page, 'form.title.familyFood', 'meal_date')
  assert.deepEqual(await keypad('breakfast'), { type: 'text', inputMode: 'numeric' })
  assert.deepEqual(await keypad('lunch_price'), { type: 'text', inputMode: 'decimal' })
  await page.close()
})
