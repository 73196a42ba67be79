// Reading what a stream of saves left in the database, straight from its tables, and checking it
// against what the client saw: every acknowledged save there once and whole, nothing half-written.
import assert from 'node:assert/strict'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import pg from 'pg'
import { ROUND_FORMS } from './client.mjs'

/**
 * A connection for checks: PostgreSQL by URL, or the embedded database's folder (only while the
 * server is stopped: one process at a time may open it). `query` answers rows.
 */
export async function openForChecks({ url, dataDir }) {
  if (url) {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    return { query: async (sql, params) => (await client.query(sql, params)).rows, close: () => client.end() }
  }
  const db = new PGlite(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } })
  return { query: async (sql, params) => (await db.query(sql, params)).rows, close: () => db.close() }
}

const ids = (rows) => rows.map((row) => Number(row.id))

/**
 * Checks the run's records (request_id prefix `run`) against the client's log: `forms` and
 * `orders` map request_id → { body, id } of every save the client saw acknowledged (after its
 * retries, that is every one it sent); orders are all approved by then. `batchesBefore` maps
 * batch id → quantity before the run. Answers how many records were checked and lost.
 */
export async function checkRun(db, { run, forms, orders, batchesBefore }) {
  let checked = 0
  let lost = 0

  // Form records: one per request_id, each with its medicines and its audit row.
  const records = await db.query(
    `select id, name, customer_id, request_id, data from form_records where request_id like $1 and deleted_at is null`,
    [`${run}:%`],
  )
  const recordOf = new Map(records.map((r) => [r.request_id, r]))
  assert.equal(records.length, recordOf.size, 'two records with one request_id')
  const medicineRows = await db.query(
    `select record_id, medicine, dose from medicines where record_id = any($1::bigint[]) order by id`,
    [ids(records)],
  )
  const audits = await db.query(
    `select entity, entity_id, action, request_id from audit_log where request_id like $1`,
    [`${run}:%`],
  )
  const auditOf = new Map(audits.map((a) => [a.request_id, a]))
  for (const [requestId, { body, id }] of forms) {
    const record = recordOf.get(requestId)
    if (!record || Number(record.id) !== id) {
      lost += 1
      continue
    }
    checked += 1
    assert.equal(record.name, body.name, requestId)
    assert.equal(Number(record.customer_id), body.customer_id, requestId)
    for (const key of Object.keys(body.data).filter((k) => k !== 'medicines')) {
      let saved = record.data[key]
      // A place is stored with the distance the server counted from the site.
      if (key === 'signin_location') {
        const { distance, far, ...place } = saved
        assert.equal(typeof distance, 'number', `${requestId}: ${key}.distance`)
        assert.equal(typeof far, 'boolean', `${requestId}: ${key}.far`)
        saved = place
      }
      assert.deepEqual(saved, body.data[key], `${requestId}: ${key}`)
    }
    const medicines = medicineRows
      .filter((m) => Number(m.record_id) === id)
      .map((m) => ({ medicine: m.medicine, dose: m.dose }))
    assert.deepEqual(medicines, ROUND_FORMS.has(body.name) ? body.data.medicines : [], `${requestId}: medicines`)
    assert.deepEqual(
      { ...auditOf.get(requestId), entity_id: Number(auditOf.get(requestId)?.entity_id) },
      { entity: 'form_records', entity_id: id, action: 'create', request_id: requestId },
    )
  }
  // Nothing the client does not know of (a retry that made a second record, a save it never sent).
  assert.deepEqual(
    records.filter((r) => !forms.has(r.request_id)).map((r) => r.request_id),
    [],
    'records the client never saw',
  )

  // Orders: found by their remark, each with its items, its audit row, approved with one movement per item.
  const orderRows = await db.query(
    `select id, status, remark from out_applies where remark like $1 and deleted_at is null`,
    [`${run} %`],
  )
  const orderIds = ids(orderRows)
  const items = await db.query(
    `select id, apply_id, batch_id, quantity from out_apply_items where apply_id = any($1::bigint[]) order by id`,
    [orderIds],
  )
  const movements = await db.query(
    `select order_id, item_id, batch_id, delta, action from stock_movements where order_kind = 'out_apply' and order_id = any($1::bigint[])`,
    [orderIds],
  )
  const orderById = new Map(orderRows.map((o) => [Number(o.id), o]))
  const known = new Set()
  for (const [requestId, { body, id }] of orders) {
    const order = orderById.get(id)
    const audit = auditOf.get(requestId)
    if (!order || order.remark !== body.remark) {
      lost += 1
      continue
    }
    checked += 1
    known.add(id)
    assert.deepEqual(
      { entity: audit?.entity, entity_id: Number(audit?.entity_id), action: audit?.action },
      { entity: 'out_applies', entity_id: id, action: 'create' },
      requestId,
    )
    const own = items.filter((item) => Number(item.apply_id) === id)
    assert.deepEqual(
      own.map((item) => [Number(item.batch_id), item.quantity]),
      body.items.map((item) => [item.batch_id, item.quantity]),
      `${requestId}: items`,
    )
    assert.equal(order.status, 'approved', `${requestId}: status`)
    const moved = movements.filter((m) => Number(m.order_id) === id)
    assert.deepEqual(
      moved.map((m) => [Number(m.item_id), Number(m.batch_id), m.delta, m.action]).sort(),
      own.map((item) => [Number(item.id), Number(item.batch_id), -item.quantity, 'approve']).sort(),
      `${requestId}: stock movements`,
    )
  }
  assert.deepEqual(
    orderIds.filter((id) => !known.has(id)),
    [],
    'orders the client never saw',
  )

  // Stock: each batch's quantity is what it was less what the run's approvals took out.
  const batchIds = [...batchesBefore.keys()]
  const now = await db.query(`select id, quantity from stock_batches where id = any($1::bigint[])`, [batchIds])
  for (const { id, quantity } of now) {
    const out = movements.filter((m) => Number(m.batch_id) === Number(id)).reduce((sum, m) => sum + m.delta, 0)
    assert.equal(quantity, batchesBefore.get(Number(id)) + out, `batch ${id}: quantity and movements disagree`)
  }
  return { checked, lost }
}
