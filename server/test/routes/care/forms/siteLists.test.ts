import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { addDays, centreToday, DEFAULT_ZONE } from '../../../../src/lib/dates.js'
import { call } from '../../../helpers.js'
import { app, site, useSite } from '../../../siteFixture.js'

// floorList looks up each room's open stay, one index probe a room (see npm run bench, scale).
// departmentList: siteScope.test.ts; giftTypeList: stockLists.test.ts.

const API = '/api/care/index'

useSite()

const post = (url: string, body: object) => call(app, url, body, { token: site.token })

describe('floorList', () => {
  it('shows in each room the customer of its open stay: checked out, the room is free for the next one', async () => {
    const occupant = async (room: string) => {
      const floors = (await post(`${API}/floorList`, {})).res as {
        rooms: { room: string; customer_id: number | null }[]
      }[]
      return floors.flatMap((floor) => floor.rooms).find((r) => r.room === room)?.customer_id
    }
    const first = site.customers.find((c) => c.room === '802')!
    assert.equal(await occupant('802'), first.id)
    assert.equal((await post('/api/care/customer/checkout', { customer_id: first.id })).code, 1)
    assert.equal(await occupant('802'), null)
    const next = await post('/api/care/customer/save', {
      customer_name: '新客户',
      phone: '13900000000',
      stay_kind: 'month',
      room: '802',
      check_in_date: centreToday(DEFAULT_ZONE),
      days: 28,
    })
    assert.equal(await occupant('802'), next.res.id)
    // Rooms nobody stays in.
    assert.equal(await occupant('901'), null)
  })
})

describe('floorList: whose each room is', () => {
  type Room = {
    room: string
    customer_id: number | null
    name: string | null
    status: string | null
    check_in_date: string | null
  }
  const roomOf = async (room: string) => {
    const floors = (await post(`${API}/floorList`, {})).res as { rooms: Room[] }[]
    return floors.flatMap((floor) => floor.rooms).find((r) => r.room === room)!
  }

  it('names the mother in a taken room, and the one a booked room waits for with her date', async () => {
    const inHouse = site.customers.find((c) => c.room === '803')!
    const taken = await roomOf('803')
    assert.deepEqual([taken.customer_id, taken.name, taken.status], [inHouse.id, inHouse.name, 'in_house'])
    const day = addDays(centreToday(DEFAULT_ZONE), 4)
    const booked = await post('/api/care/customer/save', {
      customer_name: '预订客户',
      phone: '13900000011',
      stay_kind: 'month',
      room: '902',
      check_in_date: day,
      days: 28,
    })
    assert.equal(booked.code, 1, booked.msg)
    assert.deepEqual(await roomOf('902'), {
      room: '902',
      customer_id: booked.res.id,
      name: '预订客户',
      status: 'arriving',
      check_in_date: day,
    })
    assert.deepEqual(await roomOf('903'), {
      room: '903',
      customer_id: null,
      name: null,
      status: null,
      check_in_date: null,
    })
  })
})
