// `npm run screenshots`: every page of the H5 app, in Chinese and in English, as a phone shows it
// (375 × 812), into screenshots/<language>/ (git ignores it). The real server on a fresh demo
// database and Debian's Chromium, as the end-to-end tests use them: signed in as demo, a customer
// with a baby chosen, and one care form filled and signed. Builds the H5 app first when there is
// no build (DIST_DIR moves it). Fails if a page throws or a picture, script or style does not load.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { ROOT, startServer, launchBrowser } from '../test/e2e/support.mjs'
import { driving, zh, en, formZh, isHome, fieldOf } from '../test/e2e/app.mjs'
import { FORMS, fillAll } from '../test/e2e/formSteps.mjs'

const OUT = path.join(ROOT, 'screenshots')
const formEn = JSON.parse(readFileSync(path.join(ROOT, 'locales/forms/en.json'), 'utf8'))
const STRINGS = { 'zh-CN': { ...zh, ...formZh }, en: { ...en, ...formEn } }
/** The outbound order list, shot again over every day (it opens on the working date's orders). */
const ORDERS = 'pagesHome/pages/form/linliao/index'
/** The form shown filled in, and the customer it is filled for (a mother with a baby). */
const FILLED = FORMS.pediatricianRounds

const h5 = path.join(process.env.DIST_DIR || path.join(ROOT, 'dist'), 'h5')
if (!existsSync(path.join(h5, 'index.html'))) {
  console.log(`Building the H5 app (${path.relative(ROOT, h5)})…`)
  const build = spawnSync(path.join(ROOT, 'node_modules/.bin/taro'), ['build', '--type', 'h5'], {
    cwd: ROOT,
    stdio: 'inherit',
  })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

/** A route as a file name: pagesHome/pages/form/linliao/index → form-linliao-index. */
const fileOf = (route) => route.replace(/^(pagesHome\/)?pages\//, '').replace(/\//g, '-')

/** Waits until the page has drawn its data and stopped moving (popups and toasts settle). */
async function still(page) {
  await page.waitForLoadState('networkidle')
  await page.locator('.page-shell, .taro_page').first().waitFor()
  await page.waitForTimeout(400)
}

async function shoot(page, dir, name) {
  await page.screenshot({ path: path.join(dir, `${name}.png`), scale: 'css' })
}

/** Signs in as demo on the login page in `lang` (shot with the account typed) and picks the customer of room `room`. */
async function signIn(app, page, lang, dir, room) {
  const text = STRINGS[lang]
  await page.evaluate((value) => localStorage.setItem('lang', JSON.stringify({ data: value })), lang)
  await page.goto(`${app.server.url}/pages/login/index`)
  await page.locator(`input[placeholder="${text['login.enterAccount']}"]`).fill('demo')
  await page.locator(`input[placeholder="${text['login.enterPassword']}"]`).fill('demo1234')
  await still(page)
  await shoot(page, dir, 'login')
  await page.locator('.login__submit').click()
  await page.waitForURL(isHome)
  await page.locator('.nut-button').filter({ hasText: text['home.chooseCustomer'] }).click()
  await page.locator(`input[placeholder="${text['customer.searchPlaceholder']}"]`).fill(room)
  await page.locator('.customer-picker__row').filter({ hasText: room }).first().waitFor()
  await still(page)
  await shoot(page, dir, 'customer-picker')
  await page.locator('.customer-picker__row').filter({ hasText: room }).first().click()
  await page.locator('.customer-card').waitFor()
}

const server = await startServer()
const browser = await launchBrowser()
const app = driving({ server, browser })
try {
  rmSync(OUT, { recursive: true, force: true })
  for (const lang of Object.keys(STRINGS)) {
    const dir = path.join(OUT, lang)
    mkdirSync(dir, { recursive: true })
    const page = await app.newPage()
    await signIn(app, page, lang, dir, FILLED.room)
    const routes = await page.evaluate(() => window.__taroAppConfig.pages)
    for (const route of routes) {
      await page.goto(`${server.url}/${route}`)
      await still(page)
      await shoot(page, dir, fileOf(route))
    }

    await page.goto(`${server.url}/${ORDERS}`)
    await page.locator('.stock-list__row .nut-button').filter({ hasText: STRINGS[lang]['recordList.allDates'] }).click()
    await page.locator('.stock-list .record-list__footer').waitFor()
    await still(page)
    await shoot(page, dir, `${fileOf(ORDERS)}-all-dates`)

    // A care form as a person leaves it before saving: every required field filled, both signatures drawn.
    await page.goto(`${server.url}/${FILLED.route}`)
    await fieldOf(page, FILLED.fields[0].key).waitFor()
    await fillAll(page, FILLED.fields)
    await fieldOf(page, FILLED.fields[0].key).scrollIntoViewIfNeeded()
    await still(page)
    await shoot(page, dir, 'form-filled')
    await page.close()
    console.log(`${routes.length + 4} screens in ${path.relative(ROOT, dir)}/`)
  }
  app.assertNoPageErrors()
} finally {
  await browser.close()
  await server.stop()
}
