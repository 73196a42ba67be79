// Her stays in the browser: a booked mother who arrives early counts day 1 from that day; checked
// out, she comes back through her file (再次入住) and her file lists both stays.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { customerZh, fmt, isHome, modal, useApp, zh } from './app.mjs'
import { fill } from './formSteps.mjs'

const app = useApp()

test('a booked mother arrives early on day 1; she leaves and comes back through her file', async () => {
  const page = await app.newPage()
  await app.login(page)
  await page.waitForURL(isHome)
  const stamp = Date.now() % 100000000
  const name = `早到${stamp % 10000}`
  const free = (await app.api(page, 'index/floorList', {}))
    .flatMap((floor) => floor.rooms)
    .filter((room) => room.customer_id === null)
    .map((room) => room.room)
  const [room, next] = free.slice(-2)
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date())
  const booked = new Date(Date.parse(`${today}T00:00:00Z`) + 3 * 86400000).toISOString().slice(0, 10)
  const { id } = await app.api(page, 'customer/save', {
    customer_name: name,
    phone: `137${String(stamp).padStart(8, '0')}`,
    stay_kind: 'month',
    room,
    check_in_date: booked,
    days: 28,
  })

  // Three days early: the desk keeps her leave date; she is on day 1 and came in today.
  await page.goto(`${app.server.url}/pagesCustomer/pages/stay/index?id=${id}`)
  await page.locator('.stay__action').filter({ hasText: zh['customer.checkIn'] }).click()
  const keep = fmt(customerZh['stay.keepLeave'], {
    date: new Date(Date.parse(`${booked}T00:00:00Z`) + 28 * 86400000).toISOString().slice(0, 10),
  })
  await page.locator('.taro-actionsheet__cell').getByText(keep, { exact: true }).click()
  await page
    .locator('.stay__day')
    .getByText(fmt(zh['customer.day'], { day: 1, days: 31 }))
    .waitFor()
  await page.locator('.nut-cell').filter({ hasText: customerZh['stay.checkInDate'] }).getByText(today).waitFor()

  // Checked out, she comes back through her file: her details and last stay's days filled in, a new room.
  await page.locator('.stay__action').filter({ hasText: zh['customer.checkOut'] }).click()
  await modal(page).getByText(zh['customer.checkOut'], { exact: true }).click()
  await page.locator('.stay__undo').waitFor()
  await page.goto(`${app.server.url}/pagesCustomer/pages/file/index?id=${id}`)
  await page.locator('.customer-file__readmit').click()
  await page.waitForURL(/\/pagesCustomer\/pages\/admission\/index\?readmit=/)
  await page.getByText(fmt(customerZh['admission.readmitTitle'], { name })).waitFor()
  await fill(page, { key: 'room', type: 'room', value: next })
  await page.locator('.admission__save').click()
  await page.waitForURL(/\/pagesCustomer\/pages\/file\/index/)
  const rows = page.locator('.customer-file__stay-row')
  await rows.nth(1).waitFor()
  assert.match(await rows.nth(0).textContent(), new RegExp(`${next} 房 · ${today} 至 .* · 第 1 / 31 天`))
  assert.match(
    await rows.nth(1).textContent(),
    new RegExp(`${room} 房 · ${today} 至 ${today} · ${customerZh['customerFile.left']}`),
  )
  await page.close()
})
