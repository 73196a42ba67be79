import assert from 'node:assert/strict'
import zlib from 'node:zlib'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { and, eq } from 'drizzle-orm'
import { customers, rooms, stays } from '../../../src/db/schema.js'
import { addDays, centreToday, DEFAULT_ZONE } from '../../../src/lib/dates.js'
import { KeptBoards } from '../../../src/services/roomBoard.js'
import { addSite, call, startApp, type TestSite } from '../../helpers.js'

const BOARD = '/api/care/room/board'

interface Room {
  room: string
  state: string
  occupant: null | {
    customer_id: number
    name: string
    check_in_date: string
    leave_date: string
    planned_days: number
    day: number | null
    leaving_today: boolean
    overdue: boolean
  }
}

let app: FastifyInstance
let clinic: TestSite
let other: TestSite
let today: string
let phones = 0

before(async () => {
  app = await startApp()
  clinic = await addSite(app)
  other = await addSite(app)
  today = centreToday(DEFAULT_ZONE)
})
after(() => app.close())

const boardOf = async (token = clinic.token) => {
  const reply = await call(app, BOARD, {}, { token })
  assert.equal(reply.code, 1, reply.msg)
  return reply.res as { floors: { floor: number; rooms: Room[] }[]; counts: Record<string, number> }
}
const roomOf = async (room: string, token = clinic.token) =>
  (await boardOf(token)).floors.flatMap((f) => f.rooms).find((r) => r.room === room)!

/** A mother admitted through customer/save into `room` on `checkIn` for `days` days; her id. */
async function admit(name: string, room: string, checkIn: string, days = 28) {
  const saved = await call(
    app,
    '/api/care/customer/save',
    {
      customer_name: name,
      phone: `137${String(Date.now() % 1e5).padStart(5, '0')}${String(phones++).padStart(3, '0')}`,
      delivery_date: addDays(checkIn, -3),
      babies: [{ name: '宝宝', sex: 'female', birth_date: addDays(checkIn, -3), birth_weight: 3100 }],
      stay_kind: 'month',
      room,
      check_in_date: checkIn,
      days,
    },
    { token: clinic.token },
  )
  assert.equal(saved.code, 1, saved.msg)
  return saved.res.id as number
}

const setRoom = (room: string, values: Partial<typeof rooms.$inferInsert>) =>
  app.db
    .update(rooms)
    .set(values)
    .where(and(eq(rooms.siteId, clinic.siteId), eq(rooms.room, room)))

describe('room/board', () => {
  it('lists every room of the site by floor, the seeded mothers in use with day N of M', async () => {
    const board = await boardOf()
    assert.deepEqual(
      board.floors.map((f) => [f.floor, f.rooms.length, f.rooms[0].room]),
      [
        [8, 30, '801'],
        [9, 20, '901'],
      ],
    )
    const first = board.floors[0].rooms[0]
    assert.equal(first.state, 'in_use')
    assert.deepEqual(first.occupant, {
      customer_id: clinic.customers[0].id,
      name: clinic.customers[0].name,
      check_in_date: addDays(today, -7),
      leave_date: addDays(today, 21),
      planned_days: 28,
      day: 8,
      leaving_today: false,
      overdue: false,
    })
    assert.deepEqual(await roomOf('920'), { room: '920', state: 'free', occupant: null })
    assert.deepEqual(board.counts, { in_use: 4, arriving: 0, free: 46, out_of_service: 0 })
  })

  it('shows a mother admitted today on day 1, one leaving today and one overdue', async () => {
    const fresh = await admit('沈若兰', '905', today)
    assert.deepEqual((await roomOf('905')).occupant, {
      customer_id: fresh,
      name: '沈若兰',
      check_in_date: today,
      leave_date: addDays(today, 28),
      planned_days: 28,
      day: 1,
      leaving_today: false,
      overdue: false,
    })
    await admit('韩静', '906', addDays(today, -28))
    const leaving = await roomOf('906')
    assert.deepEqual(
      [leaving.state, leaving.occupant?.day, leaving.occupant?.leaving_today, leaving.occupant?.overdue],
      ['in_use', 29, true, false],
    )
    await admit('杜月', '907', addDays(today, -30))
    const overdue = await roomOf('907')
    assert.deepEqual(
      [overdue.state, overdue.occupant?.day, overdue.occupant?.leaving_today, overdue.occupant?.overdue],
      ['in_use', 31, false, true],
    )
  })

  it('shows a booked mother as arriving, with her name and check-in date, and no day yet', async () => {
    const booked = await admit('许安', '908', addDays(today, 1))
    assert.deepEqual(await roomOf('908'), {
      room: '908',
      state: 'arriving',
      occupant: {
        customer_id: booked,
        name: '许安',
        check_in_date: addDays(today, 1),
        leave_date: addDays(today, 29),
        planned_days: 28,
        day: null,
        leaving_today: false,
        overdue: false,
      },
    })
    // Checked in a day early, she is in the room on day 1.
    assert.equal(
      (await call(app, '/api/care/customer/checkin', { customer_id: booked, leave: 'move' }, { token: clinic.token }))
        .code,
      1,
    )
    assert.deepEqual([(await roomOf('908')).state, (await roomOf('908')).occupant?.day], ['in_use', 1])
  })

  it('frees the room when she is checked out', async () => {
    const id = (await roomOf('905')).occupant!.customer_id
    assert.equal((await call(app, '/api/care/customer/checkout', { customer_id: id }, { token: clinic.token })).code, 1)
    assert.deepEqual(await roomOf('905'), { room: '905', state: 'free', occupant: null })
  })

  it("shows rooms retired or out of service in the centre's lists as out of service, unless a mother is in", async () => {
    await setRoom('910', { inService: false })
    await setRoom('911', { retiredAt: new Date() })
    await setRoom('906', { inService: false })
    assert.deepEqual(await roomOf('910'), { room: '910', state: 'out_of_service', occupant: null })
    assert.deepEqual(await roomOf('911'), { room: '911', state: 'out_of_service', occupant: null })
    assert.equal((await roomOf('906')).state, 'in_use')
    const board = await boardOf()
    const tiles = board.floors.flatMap((f) => f.rooms)
    for (const state of ['in_use', 'arriving', 'free', 'out_of_service']) {
      assert.equal(board.counts[state], tiles.filter((r) => r.state === state).length, state)
    }
    assert.deepEqual(board.counts, { in_use: 7, arriving: 0, free: 41, out_of_service: 2 })
  })

  it("shows another site's staff their own rooms, none of this site's mothers", async () => {
    const theirs = await boardOf(other.token)
    assert.deepEqual(theirs.counts, { in_use: 4, arriving: 0, free: 46, out_of_service: 0 })
    const names = theirs.floors.flatMap((f) => f.rooms).map((r) => r.occupant?.name)
    for (const name of ['沈若兰', '韩静', '杜月', '许安']) assert.ok(!names.includes(name), name)
    assert.deepEqual(theirs.floors[0].rooms[0].occupant?.customer_id, other.customers[0].id)
  })

  it('answers every change of its rooms, stays and mothers at once, one made by hand in the database included', async () => {
    const id = await admit('钱语', '912', today)
    assert.equal((await roomOf('912')).occupant?.name, '钱语')
    // Read twice before each change: the board this instance keeps is the one changed.
    await app.db.update(customers).set({ name: '钱语桐' }).where(eq(customers.id, id))
    assert.equal((await roomOf('912')).occupant?.name, '钱语桐')
    await roomOf('912')
    await app.db.update(stays).set({ status: 'left', leftOn: today }).where(eq(stays.customerId, id))
    assert.deepEqual(await roomOf('912'), { room: '912', state: 'free', occupant: null })
    await roomOf('912')
    await app.db.delete(rooms).where(and(eq(rooms.siteId, clinic.siteId), eq(rooms.room, '912')))
    assert.equal(await roomOf('912'), undefined)
    // The other site's board is not its to change.
    assert.equal((await boardOf(other.token)).counts.free, 46)
  })

  it('goes compressed as a phone asks for it, in her language, and changes with the board', async () => {
    /** The board as a client sending these headers reads it: its encoding and its envelope. */
    const sent = async (headers: Record<string, string>) => {
      const response = await app.inject({
        method: 'POST',
        url: BOARD,
        payload: {},
        headers: { token: clinic.token, ...headers },
      })
      assert.equal(response.statusCode, 200)
      assert.match(String(response.headers.vary), /accept-encoding/i)
      const encoding = response.headers['content-encoding']
      const body =
        encoding === 'br'
          ? zlib.brotliDecompressSync(response.rawPayload)
          : encoding === 'gzip'
            ? zlib.gunzipSync(response.rawPayload)
            : response.rawPayload
      return { encoding, envelope: JSON.parse(body.toString('utf8')) }
    }
    const plain = await sent({})
    assert.equal(plain.encoding, undefined)
    assert.equal(plain.envelope.code, 1)
    const phone = 'gzip, deflate, br'
    for (const [acceptEncoding, encoding] of [
      [phone, 'br'],
      ['gzip, deflate', 'gzip'],
      ['identity', undefined],
    ]) {
      const reply = await sent({ 'accept-encoding': acceptEncoding! })
      assert.deepEqual(reply, { encoding, envelope: plain.envelope }, acceptEncoding)
    }
    const english = await sent({ 'accept-encoding': phone, lang: 'en' })
    assert.equal(english.envelope.msg, 'ok')
    assert.notEqual(plain.envelope.msg, 'ok')
    assert.deepEqual(english.envelope.res, plain.envelope.res)
    // A mother admitted: the compressed board a phone gets is the new one.
    await admit('林夕', '914', today)
    const after = (await sent({ 'accept-encoding': phone })).envelope.res as { floors: { rooms: Room[] }[] }
    assert.equal(after.floors.flatMap((f) => f.rooms).find((r) => r.room === '914')?.occupant?.name, '林夕')
  })

  it('is built again for a new day, her day of stay counted to it', async () => {
    const boards = new KeptBoards()
    const dayOf = async (day: string) => {
      const { json } = await boards.board(app.db, clinic.siteId, day)
      return (JSON.parse(json) as { floors: { rooms: Room[] }[] }).floors[0].rooms[0].occupant?.day
    }
    assert.equal(await dayOf(today), 8)
    assert.equal(await dayOf(addDays(today, 1)), 9)
    assert.equal(await dayOf(today), 8)
  })

  it(
    'answers a change made through another instance at once',
    { skip: !process.env.DATABASE_URL && 'two instances at once need PostgreSQL' },
    async () => {
      const second = await startApp()
      try {
        const id = await admit('孙悦', '913', today)
        assert.equal((await roomOf('913')).state, 'in_use')
        const out = await call(second, '/api/care/customer/checkout', { customer_id: id }, { token: clinic.token })
        assert.equal(out.code, 1, out.msg)
        assert.deepEqual(await roomOf('913'), { room: '913', state: 'free', occupant: null })
      } finally {
        await second.close()
      }
    },
  )
})
