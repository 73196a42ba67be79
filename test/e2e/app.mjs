// What the end-to-end files share: the suite's server and browser, and the
// ways a person drives the app (NutUI buttons are tapped on the button itself,
// cells on the cell, inputs found by their placeholder; strings from locales/).
import { before, after, afterEach } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { ROOT, STEP_TIMEOUT_MS, startServer, launchBrowser } from './support.mjs'

const locale = (file) => JSON.parse(readFileSync(path.join(ROOT, 'locales', file), 'utf8'))
export const zh = locale('zh-CN.json')
export const en = locale('en.json')
export const formZh = locale('forms/zh-CN.json')
export const adminZh = locale('admin/zh-CN.json')
export const customerZh = locale('customer/zh-CN.json')
export const deskZh = locale('desk/zh-CN.json')
export const serverZh = locale('server/zh-CN.json')
export const fmt = (text, params) => text.replace(/\{(\w+)\}/g, (_, key) => String(params[key]))

export const input = (page, placeholder) => page.locator(`input[placeholder="${placeholder}"]`)
export const button = (page, text) => page.locator('.nut-button').filter({ hasText: text })
export const cell = (page, text) => page.locator('.nut-cell').filter({ hasText: text })
/** A form field's frame, by its anchor id (fieldAnchor in FormRenderer/FieldItem). */
export const fieldOf = (page, key) => page.locator(`#form-field-${key.replace(/\./g, '-')}`)
/** Types `value` into a form field's input. */
export const typeField = (page, key, value) => fieldOf(page, key).locator('input').fill(String(value))
/** Taps a form field's radio by the locale key of its label (the forms' or the administration's). */
export const chooseField = (page, key, labelKey) =>
  fieldOf(page, key)
    .locator('.nut-radio')
    .getByText({ ...formZh, ...adminZh }[labelKey], { exact: true })
    .click()
/**
 * Types `keyword` into the open customer picker and resolves to the row `has` names (text or a
 * locator) once the list answers that keyword: a row is tapped only when it stays where it is.
 */
export async function pickerRow(page, keyword, has = keyword) {
  await input(page, zh['customer.searchPlaceholder']).fill(keyword)
  const row = page
    .locator(`.customer-picker__rows[data-keyword="${keyword}"] .customer-picker__row`)
    .filter(typeof has === 'string' ? { hasText: has } : { has })
    .first()
  await row.waitFor()
  return row
}

/** Chooses, in the open picker, the mother `keyword` finds (`has` narrows); resolves to her name once home's card shows her. */
export async function chooseInPicker(page, keyword, has = keyword) {
  const row = await pickerRow(page, keyword, has)
  const name = row.locator('.customer-picker__name')
  const text = (await name.textContent()).trim()
  await name.click()
  await page.locator('.customer-card').getByText(text).waitFor()
  return text
}

/** A 1×1 PNG: a signature as the signature pad uploads one. */
const SIGNATURE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

export const saveButton = (page) => page.locator('.form-page__save')
export const modal = (page) => page.locator('.taro__modal')
export const isHome = (url) => url.pathname === '/' || url.pathname.startsWith('/pages/tabPages/index')

/** The app's token, as Taro keeps it in localStorage ({ data }). */
export const tokenOf = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('token') || '{}').data)

/** Taps a home entry by its title's locale key. */
export async function openEntry(page, entryKey) {
  await page
    .locator('.entry-tile')
    .filter({ has: page.getByText(zh[entryKey], { exact: true }) })
    .click()
}

/** Polls `check` (an async function resolving to a truthy value when done) for up to a step's timeout. */
export async function eventually(check, what) {
  const deadline = Date.now() + STEP_TIMEOUT_MS
  for (;;) {
    const result = await check()
    if (result) return result
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** Draws a stroke on the open signature pad and confirms; waits for the signed image. */
export async function sign(page, key) {
  const field = fieldOf(page, key)
  await field.locator('.form-signature__box').click()
  const canvas = page.locator('.signature-pad__canvas')
  // The popup slides in: hovering waits for the pad to stand still where it can be drawn on.
  await canvas.hover({ position: { x: 30, y: 40 } })
  const box = await canvas.boundingBox()
  await page.mouse.move(box.x + 30, box.y + 40)
  await page.mouse.down()
  for (const [dx, dy] of [
    [60, 70],
    [100, 30],
    [150, 90],
    [200, 40],
  ])
    await page.mouse.move(box.x + dx, box.y + dy, { steps: 4 })
  await page.mouse.up()
  await page.locator('.form-signature__popup').filter({ has: canvas }).locator('.form-signature__confirm').click()
  await field.locator('.form-signature__image').waitFor()
  await canvas.waitFor({ state: 'detached' })
}

/**
 * Starts the suite's server (`env` adds to its environment) and browser (node:test before/after)
 * and returns helpers bound to them.
 */
export function useApp(env = {}) {
  const app = driving({ server: null, browser: null })
  before(async () => {
    app.server = await startServer(env)
    app.browser = await launchBrowser()
  })
  after(async () => {
    await app.browser?.close()
    await app.server?.stop()
  })
  afterEach(() => app.assertNoPageErrors())
  return app
}

/** The kinds of request a page needs to look right: one failing fails the test. */
const LOADED = new Set(['image', 'script', 'stylesheet', 'font'])

/** Adds to `app` ({ server, browser }, read when used) the ways a person uses the app there; returns it. */
export function driving(app) {
  let errors = []
  let expected = []
  /** A console error the running test causes on purpose (the server stopped, the network lost), by pattern. */
  app.expectPageErrors = (...patterns) => expected.push(...patterns)
  /**
   * Fails on what went wrong in the test's pages: an uncaught error, or a console error it did not
   * expect (run after each test: useApp does, files that drive the app themselves call it).
   */
  app.assertNoPageErrors = () => {
    const unexpected = errors.filter((error) => !expected.some((pattern) => pattern.test(error)))
    errors = []
    expected = []
    assert.deepEqual(unexpected, [], 'errors in the page')
  }

  /** A tab on a clean device: the profile is shared, so stored session and language are cleared. */
  app.newPage = async () => {
    const page = await app.browser.context.newPage()
    page.on('pageerror', (error) => errors.push(`page error: ${error.message}`))
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console error: ${message.text()} (${page.url()})`)
    })
    // A picture, script, style or font that does not arrive is a broken page even when nothing throws.
    page.on('requestfailed', (request) => {
      const failure = request.failure()?.errorText
      // Aborted: the page itself dropped it (left for another page, or the element went away).
      if (LOADED.has(request.resourceType()) && failure !== 'net::ERR_ABORTED') {
        errors.push(`failed ${request.resourceType()}: ${request.url()} ${failure} (${page.url()})`)
      }
    })
    page.on('response', (response) => {
      const resourceType = response.request().resourceType()
      if (LOADED.has(resourceType) && response.status() >= 400)
        errors.push(`failed ${resourceType}: ${response.url()} HTTP ${response.status()} (${page.url()})`)
    })
    await page.exposeFunction('reportPolicyViolation', (what) =>
      errors.push(`content security policy: ${what} (${page.url()})`),
    )
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) =>
        window.reportPolicyViolation(`${e.violatedDirective} refused ${e.blockedURI}`),
      ),
    )
    await page.goto(`${app.server.url}/api/health`)
    await page.evaluate(() => localStorage.clear())
    return page
  }

  app.login = async (page, account = 'demo', password = 'demo1234') => {
    await page.goto(`${app.server.url}/pages/login/index`)
    await input(page, zh['login.enterAccount']).fill(account)
    await input(page, zh['login.enterPassword']).fill(password)
    await page.locator('.login__submit').click()
  }

  /** Logs in as demo and, given a room, picks its customer on home; resolves to the customer's name. */
  app.loginAndPick = async (page, room) => {
    await app.login(page)
    await page.waitForURL(isHome)
    if (!room) return null
    await button(page, zh['home.chooseCustomer']).click()
    const inRoom = page.locator('.customer-picker__room', { hasText: fmt(zh['customer.room'], { room }) })
    return chooseInPicker(page, room, inRoom)
  }

  /** A signature uploaded as the app uploads one, with the page's session: answers its URL. */
  app.uploadSignature = async (page) => {
    const form = new FormData()
    form.append('file', new Blob([SIGNATURE_PNG], { type: 'image/png' }), 'signature.png')
    const reply = await fetch(`${app.server.url}/api/admin/oss/upload`, {
      method: 'POST',
      headers: { token: await tokenOf(page) },
      body: form,
    })
    const { err, data } = await reply.json()
    assert.equal(err, 0)
    return data.url
  }

  /** A call of /api/care/<route> with the page's session; `code` the expected code. */
  app.api = async (page, route, body, code = 1) => {
    const res = await fetch(`${app.server.url}/api/care/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', lang: 'zh', token: await tokenOf(page) },
      body: JSON.stringify(body),
    })
    const json = await res.json()
    assert.equal(json.code, code, `${route}: ${JSON.stringify(json)}`)
    return code === 1 ? json.res : json
  }

  /** A call of /api/care/<route> as the demo's manager, who approves what demo makes (nobody approves her own). */
  app.asManager = (route, body) => app.as('manager', route, body)

  /** A call of /api/care/<route> as a demo account, signed in on a client of its own. */
  app.as = async (account, route, body) => {
    const login = await fetch(`${app.server.url}/api/care/account/login_old`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account, password: 'demo1234' }),
    })
    const res = await fetch(`${app.server.url}/api/care/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', lang: 'zh', token: (await login.json()).res.token },
      body: JSON.stringify(body),
    })
    const json = await res.json()
    assert.equal(json.code, 1, `${route}: ${JSON.stringify(json)}`)
    return json.res
  }

  return app
}
