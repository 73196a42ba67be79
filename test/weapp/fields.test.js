// The fields in the mini program, on the compiled build and the real server: a long note stops
// growing and scrolls, a refused save counts exactly the fields it marks, the signature is shown
// at the drawing's own proportions, the reject reason is a box, a negative amount is refused as
// typed. jsdom lays nothing out: what WeChat draws is checked by what the page tells it (the
// textarea's auto-height and height, the image's mode) and by the compiled styles.
const fs = require('fs')
const path = require('path')
const h = require('./harness')
const { formZh, fmt, api } = require('./app')
const f = require('./forms')

const FAMILY_FOOD = 'pagesHome/pages/form/familyFood/form'
const OUT_APPLY = 'pagesHome/pages/form/linliao/commom/form'
const OUTBOUND_LIST = 'pagesHome/pages/form/linliao/index'
const SPECIAL_CARE = 'pagesHome/pages/form/Selffundeditemconsumptiontable/form'

/** Every compiled style sheet of the build, as one text. */
function compiledStyles() {
  const texts = []
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(file)
      else if (entry.name.endsWith('.wxss')) texts.push(fs.readFileSync(file, 'utf8'))
    }
  }
  walk(h.DIST)
  return texts.join('\n')
}
/** The declarations of the rule that names exactly `selector` (alone or in a list). */
const ruleOf = (styles, selector) => {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`(?:^|[},]\\s*)${escaped}\\s*(?:,[^{}]*)?\\{([^}]*)\\}`, 'm').exec(styles)?.[1] ?? ''
}

let token
beforeAll(async () => {
  // Signed in as demo, who may approve and reject orders.
  const session = await api('account/login_old', { account: 'demo', password: 'demo1234' })
  token = session.token
  const customer = (await api('customer/index', { page: 1, limit: 1, keyword: '816' }, token)).list[0]
  h.storage.set('token', token)
  h.storage.set('userInfo', session.userInfo)
  h.storage.set('customerInfo', customer)
  h.launchApp()
})

describe('家属订餐登记表', () => {
  beforeAll(async () => {
    await h.openPage(FAMILY_FOOD)
    await h.waitFor(() => f.fieldOf('diet_notes'), { what: 'the form' })
    await h.settled()
  })

  it('a note grows with its lines, then keeps a fixed height and scrolls; its count stays below it', async () => {
    const frame = f.fieldOf('diet_notes')
    const area = h.$('wx-textarea', frame)
    expect(h.attr(area, 'autoHeight')).toBe(true)
    h.type(area, '产'.repeat(600), { blur: false })
    // WeChat tells the lines as the text wraps.
    h.fire(area, 'linechange', { lineCount: 3, height: 70, heightRpx: 140 })
    await h.settled()
    expect(h.attr(area, 'autoHeight')).toBe(true)
    h.fire(area, 'linechange', { lineCount: 25, height: 600, heightRpx: 1200 })
    await h.waitFor(() => h.attr(area, 'autoHeight') === false, { what: 'the note to stop growing' })
    expect(h.$('.form-textarea', frame).className).toContain('form-textarea--scrolls')
    // The count is its own line after the box (not over it): 500 of 500 kept.
    const count = h.$('.nut-textarea-limit', frame)
    expect(count.textContent.trim()).toBe('500/500')
    expect(count.previousElementSibling).toBe(area.closest('wx-textarea') || area)
    // Shorter again: it follows its text again.
    h.type(area, '短', { blur: false })
    h.fire(area, 'linechange', { lineCount: 1, height: 24, heightRpx: 48 })
    await h.waitFor(() => h.attr(area, 'autoHeight') === true, { what: 'the note to grow again' })
    // The compiled styles free the box from NutUI's fixed 40px.
    expect(h.$('.form-textarea', frame).className).not.toContain('form-textarea--scrolls')
    // The compiled styles free the box from NutUI's fixed 40px, and fix it once it scrolls.
    const styles = compiledStyles()
    expect(ruleOf(styles, '.form-textarea.nut-textarea .nut-textarea-textarea')).toMatch(/height:\s*auto/)
    expect(ruleOf(styles, '.form-textarea.nut-textarea.form-textarea--scrolls .nut-textarea-textarea')).toMatch(
      /height:\s*360rpx/,
    )
  })

  it('a negative amount is refused as typed, in the words of the rule; a number is shown as read', async () => {
    const price = h.$('.nut-input-native', f.fieldOf('lunch_price'))
    h.type(price, '-5')
    const message = fmt(formZh['form.rule.negative'], { label: formZh['form.field.lunch_price'] })
    await h.waitFor(() => h.textOf(f.fieldOf('lunch_price')).includes(message), { what: 'the negative message' })
    expect(h.attr(h.$('wx-input', f.fieldOf('lunch_price')), 'value')).toBe('-5')
    h.type(price, '25.5')
    await h.waitFor(() => h.attr(h.$('wx-input', f.fieldOf('lunch_price')), 'value') === '25.50', {
      what: 'the price as read',
    })
    expect(h.textOf(f.fieldOf('lunch_price'))).not.toContain(message)
  })

  it('numbers open the number pad: digits for the portions, with a point for the price', () => {
    expect(h.attr(h.$('wx-input', f.fieldOf('breakfast')), 'type')).toBe('number')
    expect(h.attr(h.$('wx-input', f.fieldOf('lunch_price')), 'type')).toBe('digit')
  })

  it('the signature is shown at the width of its field and the drawing’s own proportions', async () => {
    await f.sign('family_signature')
    const image = h.$('.form-signature__image', f.fieldOf('family_signature'))
    expect(h.attr(image, 'mode')).toBe('widthFix')
    const styles = compiledStyles()
    expect(ruleOf(styles, '.form-signature__image')).toMatch(/width:\s*100%/)
    expect(ruleOf(styles, '.form-signature__image')).toMatch(/height:\s*auto/)
  })
})

describe('自费物品消费表', () => {
  it('after a refused save, choosing an item clears 请选择物品明细 and every mark of the rows', async () => {
    await h.openPage(SPECIAL_CARE)
    await h.waitFor(() => f.fieldOf('room'), { what: 'the form' })
    await h.settled()
    h.tap('.form-page__save')
    const noItems = fmt(formZh['form.rule.requiredChoice'], { label: formZh['form.field.items'] })
    await h.waitFor(() => h.textOf(f.fieldOf('items')).includes(noItems), { what: 'the message of the items' })
    expect(h.$$('.form-field--invalid').map((el) => el.id)).toContain('form-field-items')
    const { product } = await f.productWithStock(1)
    await f.addItem(0, product, 1)
    await h.settled()
    // Only her signature, still to be drawn, stays marked.
    expect(h.$$('.form-field--invalid').map((el) => el.id)).toEqual(['form-field-signature'])
    expect(h.textOf(f.fieldOf('items'))).not.toContain(noItems)
  })
})

describe('出库单', () => {
  it('a quantity over its maximum and the stock is one field to fix: one mark, no count of two', async () => {
    await h.openPage(OUT_APPLY)
    await h.waitFor(() => f.fieldOf('department_id'), { what: 'the form' })
    await h.settled()
    await f.chooseFirst('department_id')
    h.type(h.$('.nut-input-native', f.fieldOf('requester')), '小程序超量')
    const { product } = await f.productWithStock(1)
    await f.addItem(0, product, 999999)
    await h.settled()
    const toasts = h.ui.toasts.length
    h.tap('.form-page__save')
    await h.waitFor(() => h.ui.toasts[toasts], { what: 'the toast' })
    const max = fmt(formZh['form.rule.max'], { label: formZh['form.field.quantity'], max: 9999 })
    expect(h.ui.toasts[toasts].title).toBe(
      fmt(formZh['form.rule.row'], { rows: formZh['form.field.items'], n: 1, message: max }),
    )
    expect(h.$$('.form-field--invalid').map((el) => el.id)).toEqual(['form-field-items-0-quantity'])

    // Two fields: the count says two, and two are marked.
    h.type(h.$('.nut-input-native', f.fieldOf('requester')), '')
    await h.settled()
    h.tap('.form-page__save')
    await h.waitFor(() => h.ui.toasts[toasts + 1], { what: 'the second toast' })
    const required = fmt(formZh['form.rule.required'], { label: formZh['form.field.requester'] })
    expect(h.ui.toasts[toasts + 1].title).toBe(fmt(formZh['formUi.invalidMany'], { message: required, count: 2 }))
    expect(h.$$('.form-field--invalid').map((el) => el.id)).toEqual([
      'form-field-requester',
      'form-field-items-0-quantity',
    ])
  })
})

describe('出库单列表', () => {
  it('the reject reason in its sheet is a box with an edge and a fill of its own', async () => {
    const [department] = await api('index/departmentList', {}, token)
    const { product, batch } = await f.productWithStock(1)
    // A colleague's order: its maker does not check it herself.
    const colleague = (await api('account/login_old', { account: 'manager', password: 'demo1234' })).token
    await api(
      'outApply/save',
      {
        type: 'general',
        department_id: department.id,
        requester: '小程序驳回',
        items: [{ product_id: product.id, batch_id: batch.id, quantity: 1 }],
      },
      colleague,
    )
    await h.openPage(OUTBOUND_LIST)
    const card = await h.waitFor(() => h.$$('.stock-list__card').find((el) => el.textContent.includes('小程序驳回')), {
      what: 'the order',
    })
    h.tap(await h.waitFor(() => h.byText(formZh['stock.reject'], card)[0], { what: 'the reject button' }))
    const box = await h.waitFor(() => h.$('.stock-list__reason-input'), { what: 'the reason box' })
    expect(h.$('wx-input', box)).not.toBeNull()
    const rule = ruleOf(compiledStyles(), '.stock-list__reason-input.nut-input')
    expect(rule).toMatch(/border:\s*1r?px solid #c8c9cc/)
    expect(rule).toMatch(/background:\s*#fafbfc/)
  })
})
