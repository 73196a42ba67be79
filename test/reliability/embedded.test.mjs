// The embedded database (PGlite, the default) with several devices at once: staff saving forms,
// another approving and reversing outbound orders (transactions that lock rows), others listing,
// each sending its next request as soon as it has an answer. A front-desk save made meanwhile is
// answered in its turn, not after the busy devices' requests again and again; no request fails,
// and every acknowledged save is stored once. (On PostgreSQL each request waits on its own
// connection of the pool; the embedded database runs every statement on the server's own thread.)
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import http from 'node:http'
import { after, before, test } from 'node:test'
import { startServer } from '../../scripts/lib/server.mjs'
import { formBody, printCounts, staffClient, stockBatches, STREAM_FORMS } from './client.mjs'
import { checkRun, openForChecks } from './records.mjs'

/** Devices that keep sending, one request at a time each. */
const BUSY_DEVICES = 8
/** Front-desk saves, one after another, each while the busy devices keep sending. */
const DESK_SAVES = 10
/**
 * The busy devices' answers a desk save may see go by before its own, on average: when requests
 * take turns, about what each had under way as the save came (one each at most, measured 0.8);
 * served connection by connection, each busy device was answered again before the desk was read
 * (measured 1.6 and 1.9 each).
 */
const FAIR_SHARE = 1.25 * BUSY_DEVICES

/**
 * A device: its own keep-alive connection, as a phone keeps one to the server (fetch would share a
 * pool of connections among all the test's devices). POSTs to /api/care/<route>, answers the envelope.
 */
function device(baseUrl, token) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const send = (route, body) =>
    new Promise((resolve, reject) => {
      const payload = JSON.stringify(body)
      const request = http.request(
        `${baseUrl}/api/care/${route}`,
        {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), token },
        },
        (response) => {
          let text = ''
          response.setEncoding('utf8')
          response.on('data', (chunk) => (text += chunk))
          response.on('end', () => resolve({ status: response.statusCode, ...JSON.parse(text) }))
        },
      )
      request.on('error', reject)
      request.end(payload)
    })
  return { send, close: () => agent.destroy() }
}

let server
before(async () => {
  server = await startServer({ env: { SEED: '1' }, portFrom: 58400, seeded: true })
})
after(() => server?.stop())

test(`${BUSY_DEVICES} devices sending at once and ${DESK_SAVES} saves of another: each served in its turn, nothing fails or is lost`, async () => {
  const run = `embedded-${randomUUID().slice(0, 8)}`
  const client = await staffClient(server.url)
  const [batch] = await stockBatches(client, { min: 4, max: 1 })
  assert.ok(batch, 'the demo data has a batch in stock')
  const forms = new Map()
  const orders = new Set()
  const failures = []
  let answers = 0
  let saves = 0

  const devices = Array.from({ length: BUSY_DEVICES + 1 }, () => device(server.url, client.token))
  const frontDesk = devices[BUSY_DEVICES]
  // The manager's phone approves and reverses the first device's orders: nobody approves her own.
  const approver = device(server.url, client.approverToken)

  /** One request of a device; anything but code 1 is a failure of the test. A busy device's answer is counted. */
  async function send(from, route, body) {
    const reply = await from.send(route, body)
    if (reply.code !== 1) failures.push(`${route}: HTTP ${reply.status} ${reply.code} ${reply.msg}`)
    if (from !== frontDesk) answers += 1
    return reply
  }
  async function saveForm(from, n, prefix) {
    const requestId = `${run}:${prefix}${n}`
    const body = formBody(client, STREAM_FORMS[n % STREAM_FORMS.length], n, requestId)
    const reply = await send(from, 'index/saveForm', body)
    if (reply.code === 1) forms.set(requestId, { body, id: reply.res.id })
  }

  let deskDone = false
  /** The busy devices: saving, approving and reversing one unit of stock, listing. */
  async function busy(index) {
    const own = devices[index]
    for (let n = 0; !deskDone; n++) {
      if (index === 0) {
        // An order approved and reversed: the stock ends where it began.
        const requestId = `${run}:order${n}`
        const body = {
          type: 'general',
          department_id: client.departmentIds[0],
          items: [{ product_id: batch.productId, batch_id: batch.id, quantity: 1 }],
          request_id: requestId,
        }
        const saved = await send(own, 'outApply/save', body)
        if (saved.code !== 1) return
        orders.add(saved.res.id)
        await send(approver, 'outApply/check', { id: saved.res.id, approve: true })
        await send(approver, 'outApply/check', { id: saved.res.id, reverse: true })
      } else if (index % 2 === 1) {
        await saveForm(own, n * BUSY_DEVICES + index, 'busy')
      } else {
        await send(own, 'index/getFormRecord', { page: 1, limit: 20 })
      }
    }
  }

  /** The front desk: a save at a time; how many of the busy devices' answers went by before it was answered. */
  const seenBefore = []
  async function desk() {
    while (answers < 4 * BUSY_DEVICES) await new Promise((resolve) => setTimeout(resolve, 20))
    for (let n = 0; n < DESK_SAVES; n++) {
      const from = answers
      await saveForm(frontDesk, n, 'desk')
      seenBefore.push(answers - from)
      saves += 1
    }
    deskDone = true
  }

  await Promise.all([desk(), ...Array.from({ length: BUSY_DEVICES }, (_, index) => busy(index))])
  devices.forEach((d) => d.close())
  approver.close()
  assert.deepEqual(failures, [])
  assert.equal(saves, DESK_SAVES)
  const average = seenBefore.reduce((sum, seen) => sum + seen, 0) / seenBefore.length
  assert.ok(
    average <= FAIR_SHARE,
    `the busy devices' answers before each desk save: ${seenBefore.join(', ')}, ${average} on average (at most ${FAIR_SHARE} when requests take turns)`,
  )

  // Every acknowledged save is in the database once, whole; the orders were reversed, so their
  // movements leave the batch as it was.
  await server.stop({ keepData: true })
  const db = await openForChecks({ dataDir: server.dataDir })
  try {
    const { checked, lost } = await checkRun(db, { run, forms, orders: new Map(), batchesBefore: new Map() })
    assert.equal(lost, 0)
    const [{ count }] = await db.query(
      `select count(*)::int as count from out_applies where id = any($1::bigint[]) and status = 'reversed'`,
      [[...orders]],
    )
    assert.equal(count, orders.size)
    const [{ quantity }] = await db.query('select quantity from stock_batches where id = $1', [batch.id])
    assert.equal(quantity, batch.quantity)
    printCounts({ 'records checked': checked + orders.size, 'records lost': lost })
  } finally {
    await db.close()
  }
})
