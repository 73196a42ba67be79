// Filling the forms in the simulator as a person does, by field type, as the form draws them.
// The care forms' required fields, in the order they are drawn, are shared with the H5 suite
// (test/support/careForms.cjs), so both suites fill the same forms.
const h = require('./harness')
const { formZh, fmt, api, appToken } = require('./app')

/** A form field's frame, by its anchor id (fieldAnchor in FormRenderer/FieldItem). */
const fieldOf = (key) => h.$(`#form-field-${key.replace(/\./g, '-')}`)
const label = (key) => formZh[`form.field.${key}`]

async function field(key) {
  return h.waitFor(() => fieldOf(key), { what: `the field ${key}` })
}

/** A chosen radio or checkbox (NutUI marks it …-active or …-checked). */
const CHOSEN = '[class*="-active"], [class*="-checked"]'

/** Draws on the open signature pad (real touch strokes on a real canvas) and confirms; waits for the image. */
async function sign(
  key,
  strokes = [
    [
      [30, 40],
      [60, 70],
      [100, 30],
      [150, 90],
      [200, 40],
    ],
    [
      [40, 120],
      [120, 150],
      [220, 110],
    ],
  ],
) {
  h.tap(h.$('.form-signature__box', await field(key)))
  const canvas = await h.waitFor(() => h.$('.signature-pad__canvas'), { what: 'the signature pad' })
  // The pad asks for its node after the next tick; it is ready once the node has been sized.
  const node = h.canvasNodeOf(canvas)
  await h.waitFor(() => node.width > 300, { what: 'the pad to size its canvas' })
  for (const points of strokes) await h.stroke(canvas, points)
  const before = h.calls.length
  h.tap(h.$('.form-signature__confirm', canvas.closest('[class*="form-signature__popup"]') || undefined))
  await h.waitFor(() => h.$('.form-signature__image', fieldOf(key)), { what: `the signed image of ${key}` })
  await h.waitFor(() => !h.$('.signature-pad__canvas'), { what: 'the pad to close' })
  const upload = h.calls.slice(before).find((c) => c.api === 'uploadFile')
  return upload && JSON.parse(upload.reply).data.url
}

/**
 * Taps a location field; WeChat's map picker (the harness's stand-in) answers `place`, which the
 * field then shows by name.
 */
async function chooseLocation(key, place) {
  h.location.answer = place
  h.tap(h.$('.form-location__box', await field(key)))
  await h.waitFor(() => h.$('.form-location__name', fieldOf(key))?.textContent.trim() === place.name, {
    what: `the place in ${key}`,
  })
}

/** Fills one field by its type; resolves to what the record then holds for it when known in advance. */
async function fill({ key, type, value }) {
  const frame = await field(key)
  switch (type) {
    case 'text':
    case 'phone':
    case 'idCard':
    case 'number':
    case 'money':
      h.type(h.$('.nut-input-native', frame) || h.$('wx-input', frame), value)
      return value
    case 'textarea':
      h.type(h.$('wx-textarea', frame), value)
      return value
    case 'date':
    case 'datetime':
      // The one-tap today / now.
      h.tap(h.$('.form-picker__shortcut', frame))
      await h.waitFor(() => h.$('.form-picker__text', fieldOf(key)), { what: `a date in ${key}` })
      return undefined
    case 'select':
    case 'baby':
      h.tap(h.$('.nut-radio', frame))
      await h.waitFor(() => h.$(CHOSEN, fieldOf(key)), { what: `a choice in ${key}` })
      return undefined
    case 'multiselect':
      h.tap(h.$('.nut-checkbox', frame))
      await h.waitFor(() => h.$(CHOSEN, fieldOf(key)), { what: `a choice in ${key}` })
      return undefined
    case 'room': {
      h.tap(h.$('.form-picker__value', frame))
      const tile = await h.waitFor(
        () => h.$$('.form-choice-popup__tile').find((el) => el.textContent.trim().startsWith(String(value))),
        { what: `the room ${value}` },
      )
      h.tap(tile)
      await h.waitFor(() => h.$('.form-picker__text', fieldOf(key))?.textContent.trim() === String(value), {
        what: `room ${value} chosen`,
      })
      return String(value)
    }
    case 'choice': {
      // A list of the site's (its stay packages) in a popup: its first entry.
      h.tap(h.$('.form-picker__value', frame))
      h.tap(await h.waitFor(() => h.$('.form-choice-popup__tile'), { what: `the options of ${key}` }))
      await h.waitFor(() => h.$('.form-picker__text', fieldOf(key)), { what: `a choice in ${key}` })
      return undefined
    }
    case 'signature':
      await sign(key)
      return undefined
    case 'location':
      await chooseLocation(key, value)
      return undefined
    default:
      throw new Error(`no filler for ${type}`)
  }
}

/** Fills every field of a spec; resolves to the values expected in the saved record. */
async function fillAll(fields) {
  const expected = {}
  for (const spec of fields) {
    const value = await fill(spec)
    if (value !== undefined) expected[spec.key] = value
    await h.simulate.sleep(10)
  }
  return expected
}

/** The field messages now shown. */
const messages = () =>
  h
    .$$('.field-message')
    .map((el) => el.textContent.trim())
    .filter(Boolean)

/** Taps save; waits for the form to edit the saved record (the header's 编辑记录 #id); resolves the id. */
async function saveAndWaitSaved() {
  h.tap('.form-page__save')
  const chip = await h.waitFor(() => h.$('.form-header__chip--edit'), {
    what: `the saved record (messages: ${messages().join(' | ')})`,
    timeout: 15000,
  })
  return Number(chip.textContent.match(/#(\d+)/)[1])
}

/** The values of typed fields as shown on the page. */
function shownValue(key) {
  const frame = fieldOf(key)
  const picked = h.$('.form-picker__text', frame)
  if (picked) return picked.textContent.trim()
  const control = h.$('wx-input', frame) || h.$('wx-textarea', frame)
  return control ? h.attr(control, 'value') : undefined
}

// The stock order forms' rows

/** A product whose first (earliest-expiring) batch holds at least `need`, and that batch. */
async function productWithStock(need) {
  const { list } = await api('index/productList', { page: 1, limit: 100 }, appToken())
  for (const product of list) {
    if (product.stock < need) continue
    const [first] = await api('inoutstore/getProductBatch', { product_id: product.id }, appToken())
    if (first && first.quantity >= need) return { product, batch: first }
  }
  throw new Error(`no product with ${need} in its first batch`)
}

/** Picks the first tile of a select whose list comes from the server. */
async function chooseFirst(key) {
  h.tap(h.$('.form-picker__value', await h.waitFor(() => fieldOf(key))))
  // The popup is drawn inside its field (no portal in the mini program).
  const tile = await h.waitFor(() => h.$$('.form-choice-popup__tile', fieldOf(key))[0], {
    what: `the choices of ${key}`,
  })
  h.tap(tile)
  await h.waitFor(() => h.$('.form-picker__text', fieldOf(key)), { what: `${key} chosen` })
}

/** Adds an item row and chooses its product by searching its name; the earliest batch comes by itself. */
async function addItem(index, product, quantity) {
  h.tap(h.byText(fmt(formZh['formUi.addRow'], { row: formZh['form.row.items'] }))[0])
  const key = `items.${index}.product_id`
  h.tap(h.$('.form-picker__value', await h.waitFor(() => fieldOf(key), { what: 'the new row' })))
  await h.waitFor(() => h.$$('.form-choice-popup__tile', fieldOf(key)).length, { what: 'the products' })
  // A long list has a search box: the product is found by its name, as a person does.
  const search = h.$('.form-choice-popup__search .nut-input-native', fieldOf(key))
  if (search) h.type(search, product.name, { blur: false })
  const tile = await h.waitFor(
    () => h.$$('.form-choice-popup__tile', fieldOf(key)).find((el) => el.textContent.includes(product.name)),
    { what: `the product ${product.name}` },
  )
  h.tap(tile)
  await h.waitFor(() => h.$('.form-picker__text', fieldOf(`items.${index}.batch_id`)), { what: 'the batch' })
  h.type(h.$('.nut-input-native', fieldOf(`items.${index}.quantity`)), quantity)
}

module.exports = {
  fieldOf,
  label,
  sign,
  chooseLocation,
  fill,
  fillAll,
  messages,
  saveAndWaitSaved,
  shownValue,
  productWithStock,
  chooseFirst,
  addItem,
}

const FORMS = require('../support/careForms.cjs')

/** The record holds what was typed (numbers as numbers), every required field, signatures as PNGs, places as chosen. */
function expectRecord(record, fields, expected) {
  for (const { key, type, value } of fields) {
    expect([key, record.data[key]]).not.toEqual([key, undefined])
    if (type === 'signature') expect(String(record.data[key])).toMatch(/\.png\?link=[\w.-]+$/)
    // The place chosen, with the distance the server counted.
    if (type === 'location')
      expect(record.data[key]).toEqual({ ...value, distance: expect.any(Number), far: expect.any(Boolean) })
  }
  for (const [key, value] of Object.entries(expected)) {
    const saved = record.data[key]
    expect([key, saved === value || Number(saved) === Number(value)]).toEqual([key, true])
  }
}

/** The typed values are shown on the page again. */
function expectShown(expected) {
  for (const [key, value] of Object.entries(expected)) {
    const shown = shownValue(key)
    expect([key, String(shown) === String(value) || Number(shown) === Number(value)]).toEqual([key, true])
  }
}

module.exports.FORMS = FORMS
module.exports.expectRecord = expectRecord
module.exports.expectShown = expectShown
