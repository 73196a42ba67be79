// The working day is the centre's, whatever the device's zone and the hour. A device in Shanghai
// and one in UTC, each at 17:00 UTC (when the centre is already on the next day) and at 03:00 UTC
// (when the two agree), against a server whose clock shows the same instant: the working date is
// the centre's today, a record made now is listed under it with the centre's time, home's badge
// counts it, and the day age and leave date are counted from it.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { driving, fmt, fieldOf, formZh, openEntry, zh } from './app.mjs'
import { FORMS, fill, fillAll, formReady, saveAndWaitSaved } from './formSteps.mjs'
import { launchBrowser, startServer } from './support.mjs'

const INSTANTS = [
  { at: new Date('2026-11-22T17:00:00Z'), centreDay: '2026-11-23', centreHour: '01' },
  { at: new Date('2026-11-22T03:00:00Z'), centreDay: '2026-11-22', centreHour: '11' },
]
// Each device works for its own customer: a customer has one check-in notice.
const DEVICES = [
  { timezoneId: 'Asia/Shanghai', room: '821' },
  { timezoneId: 'UTC', room: '822' },
]

const DAY_MS = 24 * 3600_000
const addDays = (day, days) => new Date(Date.parse(day) + days * DAY_MS).toISOString().slice(0, 10)
const daysBetween = (from, to) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS)

const servers = new Map()
before(async () => {
  await Promise.all(
    INSTANTS.map(async (instant) => servers.set(instant, await startServer({}, { clockAt: instant.at }))),
  )
})
after(async () => {
  for (const server of servers.values()) await server.stop()
})

const pickerText = async (page, key) => (await fieldOf(page, key).locator('.form-picker__text').textContent()).trim()
const computedText = async (page, key) => (await fieldOf(page, key).locator('.form-computed').textContent()).trim()

for (const instant of INSTANTS) {
  for (const [index, device] of DEVICES.entries()) {
    test(`a device in ${device.timezoneId} at ${instant.at.toISOString().slice(11, 16)} UTC works on the centre's ${instant.centreDay}`, async () => {
      const browser = await launchBrowser({ timezoneId: device.timezoneId, clockAt: instant.at })
      const app = driving({ server: servers.get(instant), browser })
      try {
        const page = await app.newPage()
        const deviceDay = await page.evaluate(() => {
          const now = new Date()
          return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`
        })
        // The device's own date: at 17:00 UTC a device in UTC is still on the 22nd.
        assert.equal(deviceDay, device.timezoneId === 'UTC' ? instant.at.toISOString().slice(0, 10) : instant.centreDay)

        const customerName = await app.loginAndPick(page, device.room)
        await page.locator('.home__date-value').getByText(instant.centreDay, { exact: true }).waitFor()

        // A check-in notice made now: checked in on the working date, it leaves 28 days later.
        const spec = FORMS.checkInNoticeMonth
        await openEntry(page, spec.entry)
        await formReady(page, spec.titleKey, spec.fields[0].key)
        await fillAll(
          page,
          spec.fields.map((field) => (field.key === 'room' ? { ...field, value: device.room } : field)),
        )
        assert.equal(await pickerText(page, 'check_in_date'), instant.centreDay)
        assert.equal(await computedText(page, 'leave_date'), addDays(instant.centreDay, 28))
        const id = await saveAndWaitSaved(page)
        const record = await app.api(page, 'index/getFormRecordInfo', { id })
        assert.equal(record.data.leave_date, addDays(instant.centreDay, 28))

        // Home's badge counts it (and the other device's, made earlier on the same server).
        await page.goto(`${app.server.url}/`)
        const tile = page.locator('.entry-tile').filter({ hasText: zh['entry.checkInNoticeMonth'] })
        await tile
          .locator('.nut-badge-content')
          .getByText(String(index + 1), { exact: true })
          .waitFor()

        // The records of the working date list it, made at the centre's hour.
        await openEntry(page, 'entry.checkInNoticeList')
        const card = page
          .locator('.checkin-list__card')
          .filter({ has: page.locator('.checkin-list__name').getByText(customerName, { exact: true }) })
        await card.waitFor()
        const made = fmt(formZh['checkInNoticeList.createdBy'], { name: '', time: '' }).trim()
        const shown = (await card.getByText(made).textContent()).trim()
        assert.match(shown, new RegExp(`${instant.centreDay} ${instant.centreHour}:\\d\\d`), shown)

        // A paediatric round for her baby: its day age runs to the working date.
        await page.goto(`${app.server.url}/`)
        await openEntry(page, 'entry.pediatricianRounds')
        await formReady(page, 'form.title.pediatricianRounds', 'round_date')
        await fill(page, { key: 'round_date', type: 'date' })
        await fill(page, { key: 'baby_id', type: 'baby' })
        assert.equal(await pickerText(page, 'round_date'), instant.centreDay)
        const customer = await app.api(page, 'customer/info', { id: record.customer_id })
        const birth = customer.children[0].birth_date
        assert.equal(await computedText(page, 'age_days'), String(daysBetween(birth, instant.centreDay)))
        await page.close()
        app.assertNoPageErrors()
      } finally {
        await browser.close()
      }
    })
  }
}
