import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { customers } from '../../../../src/db/schema.js'
import { addDays, centreToday, DEFAULT_ZONE } from '../../../../src/lib/dates.js'
import { call } from '../../../helpers.js'
import { app, site, useSite } from '../../../siteFixture.js'

// floorList looks up each room's occupant, one index probe a room (see npm run bench, scale).
// departmentList: siteScope.test.ts; giftTypeList: stockLists.test.ts.

const API = '/api/care/index'

useSite()

const post = (url: string, body: object) => call(app, url, body, { token: site.token })

describe('floorList', () => {
  it('shows in each room the customer who checked in last (one without a check-in date comes after)', async () => {
    const occupant = async (room: string) => {
      const floors = (await post(`${API}/floorList`, {})).res as {
        rooms: { room: string; customer_id: number | null }[]
      }[]
      return floors.flatMap((floor) => floor.rooms).find((r) => r.room === room)?.customer_id
    }
    const first = site.customers.find((c) => c.room === '802')!
    assert.equal(await occupant('802'), first.id)
    const add = async (checkInDate: string | null) => {
      const [row] = await app.db
        .insert(customers)
        .values({ siteId: site.siteId, name: '新客户', phone: '13900000000', room: '802', checkInDate })
        .returning({ id: customers.id })
      return row.id
    }
    await add(null)
    assert.equal(await occupant('802'), first.id)
    const later = await add(centreToday(DEFAULT_ZONE))
    await add(addDays(centreToday(DEFAULT_ZONE), -300))
    assert.equal(await occupant('802'), later)
    // Rooms nobody stays in.
    assert.equal(await occupant('901'), null)
  })
})
