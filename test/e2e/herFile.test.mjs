// Her file kept right after her admission, in Chromium against the real server: an allergy
// corrected on her check-in notice updates her file once the notice asks, and a baby admitted as
// 「…的宝宝1」 is renamed with 编辑 from her file.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { useApp, zh, customerZh, fmt, button, fieldOf, openEntry, pickerRow, saveButton } from './app.mjs'
import { fill, fillAll, formReady } from './formSteps.mjs'

const app = useApp()
const noticeZh = JSON.parse(readFileSync(new URL('../../locales/notice/zh-CN.json', import.meta.url), 'utf8'))

/** A new mother of one baby named as a notice names her, admitted through the API into a free room. */
async function admitted(page) {
  const floors = await app.api(page, 'index/floorList', {})
  const room = floors.flatMap((floor) => floor.rooms).findLast((r) => !r.customer_id).room
  const { date } = await app.api(page, 'account/index', {})
  const stamp = Date.now() % 100000000
  const name = `孙过敏${stamp % 10000}`
  const baby = { name: fmt(noticeZh['notice.babyNameOf'], { name, n: 1 }), sex: 'female', birth_date: date }
  const { id } = await app.api(page, 'customer/save', {
    customer_name: name,
    phone: `137${String(stamp).padStart(8, '0')}`,
    allergies: '青霉素过敏',
    babies: [baby],
    stay_kind: 'month',
    room,
    check_in_date: date,
    days: 28,
  })
  return { id, name }
}

test('her allergy corrected on her notice updates her file after the question; her baby renamed', async () => {
  const page = await app.newPage()
  await app.loginAndPick(page)
  const her = await admitted(page)
  await button(page, zh['home.chooseCustomer']).click()
  // Her baby's name holds hers: the card's name itself tells that she is chosen.
  await (await pickerRow(page, her.name)).locator('.customer-picker__name').click()
  await page.locator('.customer-card__name').getByText(her.name, { exact: true }).waitFor()

  await openEntry(page, 'entry.checkInNoticeMonth')
  await formReady(page, 'form.title.checkInNoticeMonth', 'customer_name')
  await fillAll(page, [
    { key: 'package_id', type: 'choice' },
    { key: 'check_in_date', type: 'date' },
    { key: 'days', type: 'number', value: '28' },
    { key: 'allergies', type: 'textarea', value: '青霉素、头孢过敏' },
    { key: 'departments', type: 'multiselect' },
  ])
  await saveButton(page).click()
  await page.getByText(fmt(noticeZh['notice.fileContent'], { name: her.name })).waitFor()
  await page.locator('.notice-file__update').click()
  await page.locator('.form-header__chip--edit').waitFor()
  assert.equal((await app.api(page, 'customer/info', { id: her.id })).allergies, '青霉素、头孢过敏')

  // Her file says so; 编辑 there renames her baby, and her file shows the new name.
  await page.goBack()
  await page.locator('.customer-card__info').click()
  await page.getByText(fmt(customerZh['customerFile.allergies'], { value: '青霉素、头孢过敏' })).waitFor()
  await button(page, customerZh['customerFile.edit']).click()
  await fieldOf(page, 'babies.0.name').waitFor()
  await fill(page, { key: 'babies.0.name', type: 'text', value: '孙小满' })
  await page.locator('.admission__save').click()
  await page.locator('.customer-file__baby').getByText('孙小满', { exact: true }).waitFor()
  const now = await app.api(page, 'customer/info', { id: her.id })
  assert.deepEqual(
    now.children.map((c) => c.name),
    ['孙小满'],
  )
  assert.equal(now.allergies, '青霉素、头孢过敏')
})
