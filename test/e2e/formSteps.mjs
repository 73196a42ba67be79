// How a person fills the forms end to end: by field type, as the form draws them; the care
// forms' required fields, in order. Shared by the end-to-end files that fill forms.
import assert from 'node:assert/strict'
import { formZh, fmt, button, fieldOf, saveButton, sign } from './app.mjs'

export const label = (key) => formZh[`form.field.${key}`]
const TYPED = ['text', 'textarea', 'number', 'money', 'phone', 'idCard']
/** What an empty required field says: 请输入… typed, 请选择… chosen, 请…签字 signed. */
export const requiredMessage = ({ key, type }) => {
  const rule = TYPED.includes(type) ? 'required' : type === 'signature' ? 'requiredSignature' : 'requiredChoice'
  return fmt(formZh[`form.rule.${rule}`], { label: label(key) })
}

/** Waits for a form page to be ready: its header and its first field. */
export async function formReady(page, titleKey, firstKey) {
  await page.locator('.form-header__title').getByText(formZh[titleKey], { exact: true }).waitFor()
  await fieldOf(page, firstKey).waitFor()
}

// ------------------------------------------------------------------------------------------
// Filling fields, by type

/**
 * Fills one field the way a user does, by its type; `value` for typed fields.
 * Resolves to what the record then holds for it (when it can be told in advance), or undefined.
 */
export async function fill(page, { key, type, value }) {
  const field = fieldOf(page, key)
  await field.scrollIntoViewIfNeeded()
  switch (type) {
    case 'text':
    case 'phone':
    case 'idCard':
    case 'number':
    case 'money':
      await field.locator('input').fill(String(value))
      await field.locator('input').blur()
      return value
    case 'textarea':
      await field.locator('textarea').fill(String(value))
      await field.locator('textarea').blur()
      return value
    case 'date':
    case 'datetime':
      // The one-tap today / now.
      await field.locator('.nut-button').click()
      await field.locator('.form-picker__text').waitFor()
      return undefined
    case 'select':
    case 'baby':
      await field.locator('.nut-radio').first().click()
      return undefined
    case 'multiselect':
      await field.locator('.nut-checkbox').first().click()
      return undefined
    case 'room': {
      await field.locator('.form-picker__value').click()
      const tile = page.locator('.form-choice-popup__tile').filter({ hasText: new RegExp(`^${value}`) })
      await tile.first().click()
      await field.locator('.form-picker__text').getByText(String(value), { exact: true }).waitFor()
      return String(value)
    }
    case 'choice':
      // A list of the site's (its stay packages) in a popup: its first entry.
      await field.locator('.form-picker__value').click()
      await page.locator('.form-choice-popup__tile').first().click()
      await field.locator('.form-picker__text').waitFor()
      return undefined
    case 'signature':
      await sign(page, key)
      return undefined
    case 'location':
      await setPlace(page, key, value)
      return undefined
    default:
      throw new Error(`no filler for ${type}`)
  }
}

/**
 * Sets a location field to `place` without the map: H5 picks places on the app's map page, which
 * its own suite drives. As the page goes away, the form writes its draft (on pagehide and on
 * visibilitychange); the place is added after each of those writes, and the form restores the
 * draft when it opens again.
 */
async function setPlace(page, key, place) {
  await page.evaluate(
    ({ key, place }) => {
      const addPlace = () => {
        const [{ name, draft }] = Object.keys(localStorage)
          .filter((item) => item.startsWith('draft:'))
          .map((item) => ({ name: item, draft: JSON.parse(localStorage.getItem(item)).data }))
          .sort((a, b) => b.draft.saved_at.localeCompare(a.draft.saved_at))
        draft.values[key] = place
        localStorage.setItem(name, JSON.stringify({ data: draft }))
      }
      window.addEventListener('pagehide', addPlace)
      document.addEventListener('visibilitychange', addPlace)
    },
    { key, place },
  )
  await page.reload()
  await fieldOf(page, key).locator('.form-location__name').getByText(place.name, { exact: true }).waitFor()
}

/** Fills every field of a spec; resolves to the values expected in the saved record. */
export async function fillAll(page, fields) {
  const expected = {}
  for (const field of fields) {
    const value = await fill(page, field)
    if (value !== undefined) expected[field.key] = value
  }
  // Nothing left to complain about.
  assert.equal(
    await page.locator('.field-message').count(),
    0,
    await page.locator('.field-message').allTextContents().then(String),
  )
  return expected
}

/**
 * Taps save on the new form: each required field left empty shows its 请输入… / 请选择… message
 * next to it; one the form started filled (`prefilled`) shows none.
 */
export async function saveEmptyAndSeeMessages(page, fields) {
  await saveButton(page).click()
  // A field typed though not required (a meal order's lunch) has no 请输入… of its own.
  fields = fields.filter((field) => !field.optional)
  const empty = fields.filter((field) => !field.prefilled)
  const first = empty[0]
  await fieldOf(page, first.key).locator('.field-message').getByText(requiredMessage(first), { exact: true }).waitFor()
  for (const field of fields) {
    const message = fieldOf(page, field.key).locator('.field-message')
    if (field.prefilled) assert.equal(await message.count(), 0, `${field.key} is prefilled`)
    else assert.equal((await message.textContent()).trim(), requiredMessage(field), field.key)
  }
}

/** The values typed into text fields, as shown on the page. */
export async function assertShown(page, expected) {
  for (const [key, value] of Object.entries(expected)) {
    const field = fieldOf(page, key)
    const control = field.locator('input, textarea').first()
    if ((await field.locator('.form-picker__text').count()) > 0) {
      assert.equal((await field.locator('.form-picker__text').textContent()).trim(), String(value), key)
    } else {
      await assert.doesNotReject(() => control.waitFor())
      const shown = await control.inputValue()
      assert.ok(shown === String(value) || Number(shown) === Number(value), `${key}: ${shown} ≠ ${value}`)
    }
  }
}

/** The record holds what was typed (numbers as numbers), a value for every required field, signatures, places as set. */
export function assertRecord(record, fields, expected) {
  for (const { key, type, value } of fields) {
    assert.notEqual(record.data[key], undefined, `${key} missing in ${JSON.stringify(record.data)}`)
    if (type === 'signature') assert.match(String(record.data[key]), /\.png\?link=[\w.-]+$/, key)
    // The place set, with the distance the server counted.
    if (type === 'location') {
      const { distance, far, ...place } = record.data[key]
      assert.deepEqual(place, value, key)
      assert.equal(typeof distance, 'number', key)
      assert.equal(typeof far, 'boolean', key)
    }
  }
  for (const [key, value] of Object.entries(expected)) {
    const saved = record.data[key]
    assert.ok(saved === value || Number(saved) === Number(value), `${key}: ${saved} ≠ ${value}`)
  }
}

/** Saves and waits for the form to edit the saved record (the header's 编辑记录 #id). */
export async function saveAndWaitSaved(page) {
  await saveButton(page).click()
  const chip = page.locator('.form-header__chip--edit')
  await chip.waitFor()
  return Number((await chip.textContent()).match(/#(\d+)/)[1])
}

/**
 * A visitor's fever typed on the filled visit form: marked as typed, and the save asks for the
 * reason she is let in (nothing typed lost) before it saves with `reason`; resolves the record's id.
 */
export async function saveFeverishVisit(page, temperature, reason) {
  await fill(page, { key: 'temperature', type: 'number', value: temperature })
  await fieldOf(page, 'temperature')
    .locator('.form-field__flag')
    .getByText(fmt(formZh['form.flag.visitorFever'], { value: temperature, bound: 37.3 }))
    .waitFor()
  // A fever is declared as one: 无发热 (the first chip, ticked by the filler) unticked, 发热 ticked.
  const chips = fieldOf(page, 'health').locator('.nut-checkbox')
  const ticked = fieldOf(page, 'health').locator('[class*="-active"], [class*="-checked"]')
  await chips.nth(0).click()
  await ticked.first().waitFor({ state: 'detached' })
  await chips.nth(3).click()
  await ticked.first().waitFor()
  await saveButton(page).click()
  await fieldOf(page, 'flag_reason')
    .getByText(fmt(formZh['form.rule.flagReason'], { label: formZh['form.field.flag_reason'] }))
    .waitFor()
  assert.equal(await fieldOf(page, 'temperature').locator('input').inputValue(), String(temperature))
  await fill(page, { key: 'flag_reason', type: 'textarea', value: reason })
  return saveAndWaitSaved(page)
}

// ------------------------------------------------------------------------------------------
// The stock order forms' rows

const openPopup = (page) =>
  page
    .locator('.form-choice-popup')
    // Another row's popup, closed, stays in the page hidden with its choices: the open one is the
    // visible one, once its choices are in.
    .filter({ visible: true })
    .filter({ has: page.locator('.form-choice-popup__tile') })
    .last()

/** A product with a first (earliest-expiring) batch of at least `need`, and that batch (`app` calls the API). */
export async function productWithStock(app, page, need, skip = []) {
  const { list } = await app.api(page, 'index/productList', { page: 1, limit: 100 })
  for (const product of list) {
    if (skip.includes(product.id) || product.stock < need) continue
    const [first] = await app.api(page, 'inoutstore/getProductBatch', { product_id: product.id })
    if (first && first.quantity >= need) return { product, batch: first }
  }
  throw new Error(`no product with ${need} in its first batch`)
}

/** Picks the first tile of a select with a server list. */
export async function chooseFirst(page, key) {
  await fieldOf(page, key).locator('.form-picker__value').click()
  await openPopup(page).locator('.form-choice-popup__tile').first().click()
  await fieldOf(page, key).locator('.form-picker__text').waitFor()
}

/** Adds an empty row of items. */
export const addItemRow = (page) =>
  button(page, fmt(formZh['formUi.addRow'], { row: formZh['form.row.items'] })).click()

/** Chooses a row's product by searching its name; the earliest batch comes by itself. */
export async function chooseItem(page, index, product) {
  await fieldOf(page, `items.${index}.product_id`).locator('.form-picker__value').click()
  const popup = openPopup(page)
  await popup.locator('input[placeholder="' + formZh['stock.search'] + '"]').fill(product.name)
  await popup.locator('.form-choice-popup__tile').filter({ hasText: product.name }).first().click()
  await fieldOf(page, `items.${index}.batch_id`).locator('.form-picker__text').waitFor()
}

/** Adds a row, chooses its product (and so its earliest batch) and types how many. */
export async function addItem(page, index, product, quantity) {
  await addItemRow(page)
  await chooseItem(page, index, product)
  await fieldOf(page, `items.${index}.quantity`).locator('input').fill(String(quantity))
  await fieldOf(page, `items.${index}.quantity`).locator('input').blur()
}

/** The care forms' required fields, shared with the simulator suite. */
export { default as FORMS } from '../support/careForms.cjs'
