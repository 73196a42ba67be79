// What the reliability files share: a staff client of the real server (over HTTP, as the app
// calls it), valid bodies of form saves and outbound orders, the server's memory, and the counts
// line that `npm test` adds up. Run with `node --import tsx`: form samples come from the server's
// TypeScript (the same definitions the app and the server validate with).
import { readFileSync } from 'node:fs'
import { definitionOf, validSample } from '../../server/test/formSamples.ts'

/** Answered by fetch when no reply arrived: refused, reset or cut off (the server died). */
export class NoReply extends Error {}

/**
 * POSTs to /api/care/<route> and answers the envelope. Throws NoReply when no reply arrived (the
 * save may or may not have happened: the caller retries it with the same request_id).
 */
export async function call(baseUrl, route, body, { token, timeoutMs = 30_000 } = {}) {
  let response
  try {
    response = await fetch(`${baseUrl}/api/care/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', lang: 'zh', ...(token ? { token } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    throw new NoReply(`${route}: ${error.cause?.code ?? error.message}`)
  }
  let text
  try {
    text = await response.text()
  } catch (error) {
    throw new NoReply(`${route}: body cut off (${error.cause?.code ?? error.message})`)
  }
  try {
    return { status: response.status, ...JSON.parse(text) }
  } catch {
    throw new Error(`${route}: HTTP ${response.status}, not an envelope: ${text.slice(0, 200)}`)
  }
}

/** `call` that insists on code 1 and answers `res`. */
export async function ok(baseUrl, route, body, options) {
  const reply = await call(baseUrl, route, body, options)
  if (reply.code !== 1) throw new Error(`${route}: ${reply.code} ${reply.msg}`)
  return reply.res
}

export async function login(baseUrl, account, password) {
  return (await ok(baseUrl, 'account/login_old', { account, password })).token
}

/**
 * A staff client: the session's token and the site's customers, departments and stock to save with,
 * and the token of a colleague who approves its orders (the demo's manager: nobody approves her own).
 */
export async function staffClient(baseUrl, account = 'demo', password = 'demo1234') {
  const token = await login(baseUrl, account, password)
  const get = (route, body = {}) => ok(baseUrl, route, body, { token })
  const customers = (await get('customer/index', { limit: 20 })).list.filter((c) => c.children.length > 0)
  const departmentIds = (await get('index/departmentList')).map((d) => d.id)
  const approverToken = await login(baseUrl, 'manager', 'demo1234')
  return { baseUrl, token, approverToken, customers, departmentIds, get }
}

/** The forms a stream saves: per event (not one per customer); the two rounds carry medicines, stored as rows of their own. */
export const STREAM_FORMS = [
  '儿科医生查房签到表',
  '产科医生查房签到表',
  '访客出入登记表',
  '家属订餐登记表',
  '收据遗失证明',
]
export const ROUND_FORMS = new Set(['儿科医生查房签到表', '产科医生查房签到表'])

/** A valid saveForm body of `name` for the n-th save: rounds get 1–3 medicines. */
export function formBody(client, name, n, requestId) {
  const customer = client.customers[n % client.customers.length]
  const refs = {
    customer: { ...customer, babies: customer.children },
    room: customer.room,
    departmentIds: client.departmentIds,
  }
  const data = validSample(definitionOf(name), refs)
  if (ROUND_FORMS.has(name)) {
    data.medicines = Array.from({ length: 1 + (n % 3) }, (_, i) => ({
      medicine: `测试药${n}-${i + 1}`,
      dose: `${i + 1}片`,
    }))
  }
  return { name, customer_id: customer.id, data, request_id: requestId }
}

/**
 * Batches to take stock out of: in stock, unexpired, with at least `min` on hand, up to `max` of
 * them, each with its quantity now.
 */
export async function stockBatches(client, { min = 40, max = 12 } = {}) {
  const products = (await client.get('index/productList', { limit: 100 })).list.filter((p) => p.stock >= min)
  const batches = []
  for (const product of products) {
    for (const batch of await client.get('inoutstore/getProductBatch', { product_id: product.id })) {
      if (batch.quantity >= min && !batch.near_expiry)
        batches.push({ id: batch.id, productId: product.id, quantity: batch.quantity })
    }
    if (batches.length >= max) break
  }
  return batches.slice(0, max)
}

/** The server process's resident memory in MB (Linux). */
export function rssMb(pid) {
  const kb = Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+)/m)[1])
  return Math.round(kb / 1024)
}

/** The line `npm test` (scripts/test.mjs) adds up across files. */
export function printCounts(counts) {
  console.log(`RELIABILITY ${JSON.stringify(counts)}`)
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
