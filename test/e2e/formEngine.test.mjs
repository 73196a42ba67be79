// What every form does the same way, in Chromium against the real server: a new record starts
// with what the app knows (the customer, her babies, the staff member, the working date) and keeps
// what is typed over it; every form has its 历史记录, whose entries name the customer and the
// baby; a form opens blank unless opened from a record; 入住须知 shows its whole text in the page.
// And a new arrival's whole stay, from her check-in notice to her check-out.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import {
  useApp,
  zh,
  formZh,
  customerZh,
  fmt,
  button,
  fieldOf,
  input,
  modal,
  openEntry,
  pickerRow,
  chooseInPicker,
  saveButton,
  sign,
  eventually,
} from './app.mjs'
import {
  FORMS,
  addItem,
  fill,
  fillAll,
  formReady,
  productWithStock,
  saveAndWaitSaved,
  saveFeverishVisit,
} from './formSteps.mjs'
import paediatricRound from '../support/paediatricRound.cjs'

const app = useApp()
const noticeZh = JSON.parse(readFileSync(new URL('../../locales/notice/zh-CN.json', import.meta.url), 'utf8'))
const deskZh = JSON.parse(readFileSync(new URL('../../locales/desk/zh-CN.json', import.meta.url), 'utf8'))

/** The demo staff member's name (account demo). */
const STAFF = '客服小李'

/** The working date, as home shows it. */
const workingDate = async (page) => (await page.locator('.home__date-value').textContent()).trim()
const valueOf = (page, key) => fieldOf(page, key).locator('input').first().inputValue()
const pickedText = async (page, key) => (await fieldOf(page, key).locator('.form-picker__text').textContent()).trim()

/**
 * On a page signed in as demo, chooses the customer by name in home's picker. Home is loaded afresh
 * and ready first: a second sign-in over the first once raced the tap that opens the picker.
 */
async function signInFor(page, customer) {
  await page.goto(`${app.server.url}/`)
  await page.locator('.home__date-value').waitFor()
  // 选择客户, or 更换客户 when one is chosen.
  await page.locator('.customer-card .nut-button').click()
  await chooseInPicker(page, customer.name)
}

/** A demo customer with that many babies, read through the API. */
async function chooseCustomer(page, babies) {
  await app.loginAndPick(page)
  const { list } = await app.api(page, 'customer/index', { page: 1, limit: 100 })
  const found = list.find((c) => c.children.length === babies && c.phone && c.room)
  assert.ok(found, `a customer with ${babies} babies in the demo data`)
  return found
}

/** A new tab signed in as demo, with a mother of that many babies chosen. */
async function chosenCustomer(babies) {
  const page = await app.newPage()
  const customer = await chooseCustomer(page, babies)
  await signInFor(page, customer)
  return { page, customer }
}

test("a check-in notice starts with the mother's name, phone, room, delivery date and both her babies; typing over it is kept", async () => {
  const { page, customer } = await chosenCustomer(2)
  await openEntry(page, 'entry.checkInNoticeMonth')
  await formReady(page, 'form.title.checkInNoticeMonth', 'customer_name')
  assert.equal(await valueOf(page, 'customer_name'), customer.name)
  assert.equal(await valueOf(page, 'phone'), customer.phone)
  assert.equal(await pickedText(page, 'room'), customer.room)
  if (customer.delivery_date) assert.equal(await pickedText(page, 'delivery_date'), customer.delivery_date)
  assert.equal((await fieldOf(page, 'baby_count').textContent()).includes('2'), true)
  for (const [i, child] of customer.children.entries()) {
    const sex = formZh[`form.option.sex.${child.sex}`]
    await fieldOf(page, `babies.${i}.sex`)
      .locator('.nut-radio')
      .filter({ hasText: sex })
      .locator('[class*="-active"], [class*="-checked"]')
      .first()
      .waitFor()
    if (child.birth_weight) assert.equal(Number(await valueOf(page, `babies.${i}.birth_weight`)), child.birth_weight)
  }
  // A date the app does not know stays for the user to choose.
  assert.equal(await fieldOf(page, 'check_in_date').locator('.form-picker__text').count(), 0)

  // What is typed over a prefilled value is what the form keeps, through a reload (the draft).
  await fill(page, { key: 'customer_name', type: 'text', value: `${customer.name}（代签）` })
  await page.waitForFunction(
    (typed) => Object.keys(localStorage).some((k) => k.startsWith('draft:') && localStorage.getItem(k).includes(typed)),
    `${customer.name}（代签）`,
  )
  await page.reload()
  await formReady(page, 'form.title.checkInNoticeMonth', 'customer_name')
  await page.getByText(formZh['formUi.draftRestored'], { exact: true }).waitFor()
  assert.equal(await valueOf(page, 'customer_name'), `${customer.name}（代签）`)
  assert.equal(await valueOf(page, 'phone'), customer.phone)
  await page.close()
})

test('the lost-receipt proof and the outbound order name the customer and the signed-in staff member; dates of today start on the working date', async () => {
  const { page, customer } = await chosenCustomer(1)
  const today = await workingDate(page)
  await openEntry(page, 'entry.proofOfLostReceipt')
  await formReady(page, 'form.title.proofOfLostReceipt', 'customer_name')
  assert.equal(await valueOf(page, 'customer_name'), customer.name)
  assert.equal(await valueOf(page, 'phone'), customer.phone)
  assert.equal(await valueOf(page, 'handler'), STAFF)
  assert.equal(await pickedText(page, 'sign_date'), today)
  // The receipt's own date is not today's event: left to choose.
  assert.equal(await fieldOf(page, 'issue_date').locator('.form-picker__text').count(), 0)

  await page.goto(`${app.server.url}/pagesHome/pages/form/linliao/commom/form`)
  await formReady(page, 'form.title.outApplyGeneral', 'department_id')
  assert.equal(await valueOf(page, 'requester'), STAFF)
  assert.equal(await pickedText(page, 'apply_date'), today)
  await page.close()
})

test("every form has its 历史记录; a ward round and a check-in notice open blank, the round on the working date with the site's last doctor", async () => {
  const { page } = await chosenCustomer(1)
  const today = await workingDate(page)
  const forms = [
    ['entry.checkInNoticeMonth', 'form.title.checkInNoticeMonth', 'customer_name'],
    ['entry.checkInNoticeSmall', 'form.title.checkInNoticeSmall', 'customer_name'],
    ['entry.specialCare', 'form.title.specialCare', 'room'],
    ['entry.obstetricianRounds', 'form.title.obstetricianRounds', 'round_date'],
    ['entry.checkNotice', 'form.title.checkNotice', 'agree'],
  ]
  for (const [entry, titleKey, first] of forms) {
    await page.goto(`${app.server.url}/`)
    await openEntry(page, entry)
    await formReady(page, titleKey, first)
    await button(page, formZh['formUi.records']).waitFor()
    if (entry !== 'entry.checkNotice') {
      await page.locator('.form-header__chip').getByText(formZh['formUi.newRecord'], { exact: true }).waitFor()
    }
  }
  assert.equal(await pickedText(page, 'sign_date'), today)
  await page.goto(`${app.server.url}/`)
  await openEntry(page, 'entry.obstetricianRounds')
  await formReady(page, 'form.title.obstetricianRounds', 'round_date')
  assert.equal(await pickedText(page, 'round_date'), today)
  // Its doctor is the one of the site's last round, never the clerk signed in.
  const { doctor_name: doctor } = await app.api(page, 'index/getFormPrefill', { name: '产科医生查房签到表' })
  assert.ok(doctor && doctor !== STAFF, doctor)
  const doctorInput = await fieldOf(page, 'doctor_name').locator('input').first().elementHandle()
  await page.waitForFunction(([input, name]) => input.value === name, [doctorInput, doctor])
  await page.close()
})

test("入住须知 shows the whole text in the page, the agreement after it; its 历史记录 lists the customer's acknowledgement", async () => {
  const { page, customer } = await chosenCustomer(1)
  await openEntry(page, 'entry.checkNotice')
  await formReady(page, 'form.title.checkNotice', 'agree')
  const survey = await app.api(page, 'index/getSurvey', {})
  const rules = page.locator('.check-notice__rules-text')
  // No box of its own that scrolls: all of the text takes its room in the page.
  const { scrollHeight, clientHeight } = await rules.evaluate((el) => ({
    scrollHeight: el.scrollHeight,
    clientHeight: el.clientHeight,
  }))
  assert.ok(scrollHeight <= clientHeight + 1, `the rules scroll inside a box (${scrollHeight} > ${clientHeight})`)
  assert.equal((await page.locator('.check-notice__content').textContent()).trim(), survey.content.trim())
  const lastLine = survey.content.trim().split('\n').pop()
  const text = page.locator('.check-notice__content')
  const [textBox, agreeBox] = [await text.boundingBox(), await fieldOf(page, 'agree').boundingBox()]
  assert.ok(agreeBox.y >= textBox.y + textBox.height - 1, 'the agreement comes after the whole text')
  // Scrolling the page brings the last rule into view.
  await fieldOf(page, 'agree').scrollIntoViewIfNeeded()
  await page.getByText(lastLine.slice(0, 12)).first().waitFor({ state: 'visible' })

  // Signed, it is in the history under the customer's name.
  await page.locator('#form-field-agree .nut-checkbox').first().click()
  await sign(page, 'customer_signature')
  await page.locator('.form-page__save').click()
  await page.getByText(formZh['checkNotice.acknowledged'], { exact: true }).waitFor()
  await button(page, formZh['formUi.records']).click()
  const row = page.locator('.form-records__row').first()
  await row.waitFor()
  assert.ok(
    (await row.textContent()).includes(fmt(formZh['formUi.forCustomer'], { name: customer.name, room: customer.room })),
  )
  await page.close()
})

test("twins' paediatric rounds tell apart in 历史记录: each names the customer and the baby", async () => {
  const { page, customer } = await chosenCustomer(2)
  const today = await workingDate(page)
  for (const child of customer.children)
    await app.api(page, 'index/saveForm', paediatricRound(customer.id, child.id, today))
  await openEntry(page, 'entry.pediatricianRounds')
  await formReady(page, 'form.title.pediatricianRounds', 'round_date')
  await button(page, formZh['formUi.records']).click()
  const rows = page.locator('.form-records__row')
  await rows.nth(1).waitFor()
  const texts = await rows.allTextContents()
  const customerLine = fmt(formZh['formUi.forCustomer'], { name: customer.name, room: customer.room })
  for (const child of customer.children) {
    const baby = fmt(formZh['formUi.recordBaby'], { name: child.name })
    assert.equal(
      texts.filter((t) => t.includes(baby) && t.includes(customerLine)).length,
      1,
      `${baby} in ${texts.join(' | ')}`,
    )
  }
  await page.close()
})

test('one paediatric round for her twins: a section per baby, saved once, one row naming both, both in her file', async () => {
  const { page, customer } = await chosenCustomer(2)
  const [first, second] = customer.children
  await openEntry(page, 'entry.pediatricianRounds')
  await formReady(page, 'form.title.pediatricianRounds', 'round_date')
  const section = fmt(formZh['formUi.babySection'], { n: 2, name: second.name })
  await page.locator('.form-section__title').getByText(section, { exact: true }).waitFor()
  // Her first baby is chosen; the twin's examination is typed in her own section.
  await fillAll(page, paediatricRound.twinsFields(37.1))
  // A twin's value refused: the message names her, not a row.
  const twinTemperature = fieldOf(page, 'babies.0.temperature').locator('input')
  await twinTemperature.fill('43')
  await saveButton(page).click()
  const max = fmt(formZh['form.rule.withUnit'], { value: 42, unit: formZh['form.unit.celsius'] })
  const refused = fmt(formZh['form.rule.max'], { label: formZh['form.field.temperature'], max })
  const named = fmt(formZh['form.babyNamed'], { name: second.name, text: refused })
  await page.locator('.taro__toast').getByText(named, { exact: true }).waitFor()
  await twinTemperature.fill('37.1')
  const id = await saveAndWaitSaved(page)
  const { data } = await app.api(page, 'index/getFormRecordInfo', { id })
  assert.equal(data.baby_id, first.id)
  assert.deepEqual([data.babies.length, data.babies[0].baby_id, data.babies[0].temperature], [1, second.id, 37.1])

  await button(page, formZh['formUi.records']).click()
  const both = fmt(formZh['formUi.recordBaby'], { name: [first.name, second.name].join(formZh['formUi.babiesJoin']) })
  await page.locator('.form-records__row').filter({ hasText: both }).first().waitFor()

  // Her file shows the twin's reading from that round.
  await page.goto(`${app.server.url}/`)
  await page.locator('.customer-card__info').getByText(customer.name).click()
  const twin = page.locator('.customer-file__baby').filter({ hasText: second.name })
  await twin.getByText(fmt(customerZh['customerFile.temperature'], { value: 37.1 })).waitFor()
  await page.close()
})

test("a round saved for her is at the top of her file's timeline, opened from the home card's mother", async () => {
  const { page, customer } = await chosenCustomer(2)
  const today = await workingDate(page)
  // Signed with uploaded signatures: the round's page shows them.
  const signatures = { doctor: await app.uploadSignature(page), family: await app.uploadSignature(page) }
  const round = await app.api(
    page,
    'index/saveForm',
    paediatricRound(customer.id, customer.children[0].id, today, signatures),
  )
  await page.locator('.customer-card__info').getByText(customer.name).click()
  const first = page.locator('.customer-file__entry').first()
  await first.waitFor()
  assert.ok((await first.textContent()).includes(formZh['form.title.pediatricianRounds']))
  for (const child of customer.children) await page.locator('.customer-file__baby').getByText(child.name).waitFor()
  // The row opens the round it lists.
  await first.click()
  await page.waitForURL((url) => url.href.includes(`Pediatricianrounds/form?id=${round.id}`))
  await page.close()
})

// ------------------------------------------------------------------------------------------
// A check-in notice names its mother

let phones = 0
/** A mobile number no mother of the demo data has. */
const newPhone = () => `137${String(Date.now() % 1e5).padStart(5, '0')}${String(phones++).padStart(3, '0')}`

/** A room of the site with no mother in it (the last one, away from the rooms the demo mothers have). */
async function freeRoom(page) {
  const floors = await app.api(page, 'index/floorList', {})
  return floors.flatMap((floor) => floor.rooms).findLast((room) => !room.customer_id).room
}

/** The rest of a month notice: package, a room, today for 28 days, a department. */
const stayOf = (room) => [
  { key: 'package_id', type: 'choice' },
  { key: 'room', type: 'room', value: room },
  { key: 'check_in_date', type: 'date' },
  { key: 'days', type: 'number', value: 28 },
  { key: 'departments', type: 'multiselect' },
]

/** The mother the notice header names. */
const noticeFor = (page) => page.locator('.notice-for__name')

test('a 月子入住通知单 typed for a new arrival admits her: she is then the current customer, day 1 of 28, and in the picker', async () => {
  const page = await app.newPage()
  await app.login(page)
  await page.locator('.home__date-value').waitFor()
  const room = await freeRoom(page)
  const phone = newPhone()
  // No customer chosen: the notice is a new arrival's.
  await openEntry(page, 'entry.checkInNoticeMonth')
  await formReady(page, 'form.title.checkInNoticeMonth', 'customer_name')
  await noticeFor(page).getByText(noticeZh['notice.newArrival'], { exact: true }).waitFor()
  await fillAll(page, [
    { key: 'customer_name', type: 'text', value: '周新' },
    { key: 'phone', type: 'phone', value: phone },
    { key: 'allergies', type: 'textarea', value: '青霉素过敏' },
    ...stayOf(room),
  ])
  const id = await saveAndWaitSaved(page)
  await noticeFor(page)
    .getByText(fmt(noticeZh['notice.for'], { name: '周新' }), { exact: true })
    .waitFor()
  await page.getByText(fmt(noticeZh['notice.stayDay'], { day: 1, days: 28 }), { exact: true }).waitFor()
  const record = await app.api(page, 'index/getFormRecordInfo', { id })
  const her = await app.api(page, 'customer/info', { id: record.customer_id })
  assert.deepEqual([her.name, her.phone, her.allergies, her.stay.room], ['周新', phone, '青霉素过敏', room])
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('customerInfo')).data)
  assert.equal(stored.id, her.id)

  // She is in the picker.
  await page.goto(`${app.server.url}/`)
  await page.locator('.customer-card').getByText('周新').waitFor()
  await button(page, zh['home.changeCustomer']).click()
  await pickerRow(page, phone, '周新')
  await page.close()
})

test('the room board: a free room tapped admits a mother into it, and her room then opens her file', async () => {
  const page = await app.newPage()
  await app.login(page)
  await page.locator('.home__date-value').waitFor()
  const room = await freeRoom(page)
  await openEntry(page, 'entry.roomBoard')
  const tile = page
    .locator('.room-board__tile')
    .filter({ has: page.locator('.room-board__room').getByText(room, { exact: true }) })
  await tile.getByText(deskZh['roomBoard.freeHint'], { exact: true }).waitFor()
  await tile.click()
  await page.waitForURL((url) => url.href.includes(`pages/admission/index?room=${room}`))
  await fieldOf(page, 'customer_name').waitFor()
  assert.equal(await pickedText(page, 'room'), room)
  await fillAll(page, [
    { key: 'customer_name', type: 'text', value: '房新' },
    { key: 'phone', type: 'phone', value: newPhone() },
    { key: 'stay_kind', type: 'select' },
    { key: 'days', type: 'number', value: 28 },
  ])
  await page.locator('.admission__save').click()
  // Back on the board, the room is hers.
  await tile.getByText(`房新 · ${fmt(zh['customer.day'], { day: 1, days: 28 })}`, { exact: true }).waitFor()
  await tile.click()
  await page.waitForURL((url) => url.href.includes('pages/file/index?id='))
  await page.locator('.customer-file').getByText('房新', { exact: true }).first().waitFor()
  await page.close()
})

test("changing a chosen mother's name on her notice asks: 更正她的资料 corrects her, 新客户入住 admits someone new", async () => {
  const page = await app.newPage()
  await app.loginAndPick(page)
  const { list } = await app.api(page, 'customer/index', { page: 1, limit: 100 })
  const notices = await app.api(page, 'index/getFormRecord', { name: '月子入住通知单', page: 1, limit: 100 })
  const withNotice = new Set(notices.list.map((record) => record.customer_id))
  const candidates = list.filter((c) => !withNotice.has(c.id) && c.phone && c.room)
  const first = candidates.at(-1)
  // Her babies, as the new arrival's, are born on the delivery date the notice starts with.
  const second = candidates.findLast((c) => c !== first && (c.delivery_date || !c.children.length))
  const question = page.locator('.notice-ask')

  // Her phone corrected: her details change, and the notice is hers.
  await signInFor(page, first)
  await openEntry(page, 'entry.checkInNoticeMonth')
  await formReady(page, 'form.title.checkInNoticeMonth', 'customer_name')
  await noticeFor(page)
    .getByText(fmt(noticeZh['notice.for'], { name: first.name }), { exact: true })
    .waitFor()
  const corrected = newPhone()
  await fillAll(page, [{ key: 'phone', type: 'phone', value: corrected }, ...stayOf(first.room)])
  await button(page, zh['common.save']).click()
  await question.getByText(fmt(noticeZh['notice.askContent'], { name: first.name }), { exact: true }).waitFor()
  await question.locator('.notice-ask__cancel').click()
  await question.locator('.notice-ask__correct').waitFor({ state: 'hidden' })
  assert.equal((await app.api(page, 'customer/info', { id: first.id })).phone, first.phone)
  await button(page, zh['common.save']).click()
  await question.locator('.notice-ask__correct').click()
  const id = Number((await page.locator('.form-header__chip--edit').textContent({ timeout: 15000 })).match(/#(\d+)/)[1])
  assert.equal((await app.api(page, 'customer/info', { id: first.id })).phone, corrected)
  assert.equal((await app.api(page, 'index/getFormRecordInfo', { id })).customer_id, first.id)

  // Another name and phone on the next mother's notice: someone new is admitted with it, not filed under her.
  await page.goto(`${app.server.url}/`)
  await button(page, zh['home.changeCustomer']).click()
  await chooseInPicker(page, second.name)
  await openEntry(page, 'entry.checkInNoticeMonth')
  await formReady(page, 'form.title.checkInNoticeMonth', 'customer_name')
  const phone = newPhone()
  await fillAll(page, [
    { key: 'customer_name', type: 'text', value: '吴新' },
    { key: 'phone', type: 'phone', value: phone },
    ...stayOf(await freeRoom(page)),
  ])
  await button(page, zh['common.save']).click()
  await question.locator('.notice-ask__admit').click()
  await noticeFor(page)
    .getByText(fmt(noticeZh['notice.for'], { name: '吴新' }), { exact: true })
    .waitFor()
  const admitted = await eventually(async () => {
    const found = await app.api(page, 'customer/index', { page: 1, limit: 10, keyword: phone, status: 'all' })
    return found.list[0]
  }, 'the admitted mother')
  assert.equal(admitted.name, '吴新')
  assert.equal((await app.api(page, 'customer/info', { id: second.id })).name, second.name)
  const theirs = await app.api(page, 'index/getFormRecord', { name: '月子入住通知单', customer_id: second.id })
  assert.equal(theirs.total, 0)
  await page.close()
})

// ------------------------------------------------------------------------------------------
// A new arrival's stay, from her notice to her check-out

test("a new arrival's stay: her notice admits her with twins, day 1 in the picker and on the board, her records and what she owes in her file, a feverish visitor asked why, check-out frees her room", async () => {
  const page = await app.newPage()
  await app.login(page)
  await page.locator('.home__date-value').waitFor()
  const room = await freeRoom(page)
  const { product } = await productWithStock(app, page, 1)
  const name = '林双'
  const day1 = fmt(zh['customer.day'], { day: 1, days: 28 })
  const home = async () => {
    await page.goto(`${app.server.url}/`)
    await page.locator('.customer-card').getByText(name, { exact: true }).waitFor()
  }
  const openForm = async (entry, titleKey, first) => {
    await home()
    await openEntry(page, entry)
    await formReady(page, titleKey, first)
  }
  const picker = page.locator('.customer-picker')
  // Her row once the list answers her name (the list keeps its rows while a search is on its way).
  const listed = picker.locator(`.customer-picker__rows[data-keyword="${name}"]`)
  const row = listed.locator('.customer-picker__row').filter({ hasText: name })
  const openPicker = async () => {
    await page.locator('.customer-card .nut-button').click()
    await input(page, zh['customer.searchPlaceholder']).fill(name)
  }
  const tile = page
    .locator('.room-board__tile')
    .filter({ has: page.locator('.room-board__room').getByText(room, { exact: true }) })

  // Her notice, with no mother chosen, is a new arrival's: saved, it admits her and her twins.
  await openEntry(page, 'entry.checkInNoticeMonth')
  await formReady(page, 'form.title.checkInNoticeMonth', 'customer_name')
  await noticeFor(page).getByText(noticeZh['notice.newArrival'], { exact: true }).waitFor()
  await fillAll(page, [
    { key: 'customer_name', type: 'text', value: name },
    { key: 'phone', type: 'phone', value: newPhone() },
    { key: 'delivery_date', type: 'date' },
  ])
  for (const index of [0, 1]) {
    await fieldOf(page, 'babies').locator('.form-rows__add').click()
    await fill(page, { key: `babies.${index}.sex`, type: 'select' })
  }
  await fillAll(page, stayOf(room))
  await saveAndWaitSaved(page)
  await page.getByText(fmt(noticeZh['notice.stayDay'], { day: 1, days: 28 }), { exact: true }).waitFor()
  const twins = [1, 2].map((n) => fmt(noticeZh['notice.babyNameOf'], { name, n }))

  // Among the mothers in house on day 1 of 28, and in her room on the board.
  await home()
  await openPicker()
  await picker.locator('.customer-picker__filter--on').getByText(zh['customer.status.in_house']).waitFor()
  await row.getByText(day1, { exact: true }).waitFor()
  await row.click()
  await openEntry(page, 'entry.roomBoard')
  await tile.getByText(`${name} · ${day1}`, { exact: true }).waitFor()

  // A visit, a family meal (2 lunches at 38), a self-paid item and one round for both her babies.
  await openForm('entry.visit', 'form.title.visit', 'visitor_name')
  await fillAll(page, FORMS.visit.fields)
  await saveAndWaitSaved(page)
  await openForm('entry.familyFood', 'form.title.familyFood', 'meal_date')
  await fillAll(page, [...FORMS.familyFood.fields, { key: 'lunch', type: 'number', value: 2 }])
  await saveAndWaitSaved(page)
  await openForm('entry.specialCare', 'form.title.specialCare', 'room')
  await addItem(page, 0, product, 1)
  await sign(page, 'signature')
  await saveAndWaitSaved(page)
  await openForm('entry.pediatricianRounds', 'form.title.pediatricianRounds', 'round_date')
  await page
    .locator('.form-section__title')
    .getByText(fmt(formZh['formUi.babySection'], { n: 2, name: twins[1] }), { exact: true })
    .waitFor()
  await fillAll(page, paediatricRound.twinsFields(37.1))
  await saveAndWaitSaved(page)

  // Her file: her twins' readings from the round, every record newest first, and what she owes.
  await home()
  await page.locator('.customer-card__info').getByText(name, { exact: true }).click()
  const file = page.locator('.customer-file')
  await file.getByText(fmt(customerZh['customerFile.day'], { day: 1, days: 28 }), { exact: true }).waitFor()
  for (const [baby, temperature] of [
    [twins[0], 36.6],
    [twins[1], 37.1],
  ]) {
    await file
      .locator('.customer-file__baby')
      .filter({ hasText: baby })
      .getByText(fmt(customerZh['customerFile.temperature'], { value: temperature }), { exact: true })
      .waitFor()
  }
  const titles = ['pediatricianRounds', 'specialCare', 'familyFood', 'visit', 'checkInNoticeMonth']
  const entries = file.locator('.customer-file__entry .customer-file__name')
  await eventually(async () => (await entries.count()) === titles.length, 'her five records')
  assert.deepEqual(
    await entries.allTextContents(),
    titles.map((key) => formZh[`form.title.${key}`]),
  )
  const selfPaid = product.price
  for (const line of [
    fmt(customerZh['customerFile.selfPaid'], { amount: selfPaid.toFixed(2) }),
    fmt(customerZh['customerFile.meals'], { amount: (76).toFixed(2) }),
    fmt(customerZh['customerFile.total'], { amount: (selfPaid + 76).toFixed(2) }),
  ])
    await file.getByText(line, { exact: true }).waitFor()

  // A visitor at 37.5 °C is marked as typed, and saved only with the reason she is let in.
  await openForm('entry.visit', 'form.title.visit', 'visitor_name')
  await fillAll(page, FORMS.visit.fields)
  await saveFeverishVisit(page, 37.5, '复测 36.9°C')

  // Check-out on her stay page: she leaves the mothers in house, and her room is free on the board.
  await home()
  await openPicker()
  await row.getByText(zh['customer.checkOut'], { exact: true }).click()
  await page.locator('.stay__action').click()
  await modal(page).getByText(fmt(customerZh['stay.checkOutConfirm'], { name, room })).waitFor()
  await modal(page).getByText(zh['customer.checkOut'], { exact: true }).click()
  await page.locator('.stay__status').getByText(customerZh['stay.status.left']).waitFor()
  await page.goBack()
  await picker.locator('.customer-picker__filter--on').getByText(zh['customer.status.in_house']).waitFor()
  // On home afresh, her name searched among those in house finds no one.
  await home()
  await openPicker()
  await eventually(async () => (await listed.count()) === 1 && (await row.count()) === 0, 'her row gone from 在住')
  await page.goto(`${app.server.url}/`)
  await openEntry(page, 'entry.roomBoard')
  await tile.getByText(deskZh['roomBoard.freeHint'], { exact: true }).waitFor()
  await page.close()
})
