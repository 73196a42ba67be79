// Every page in both languages: in English no Chinese outside data, in Chinese no English UI words,
// and in both no text cut off at 375 px.
// Data is what the server sent (customer, site and product names, other records' values): a
// Chinese run on an English page, or an English word on a Chinese page, must come from the
// server's replies or from that language's own strings (a unit like mg/dL, the language names).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { useApp, fieldOf } from './app.mjs'
import { ROOT } from './support.mjs'

const app = useApp()

const strings = (lang) =>
  ['', 'forms/', 'admin/']
    .map((dir) =>
      Object.values(JSON.parse(readFileSync(path.join(ROOT, 'locales', `${dir}${lang}.json`), 'utf8'))).join('\n'),
    )
    .join('\n')

const CJK = /[\u3400-\u9fff\u3000-\u303f\uff00-\uffef]+/g
const LATIN = /[A-Za-z][A-Za-z'-]*/g

/** What a person reads on the page: its text, its inputs' placeholders and its title. */
const shownText = (page) =>
  page.evaluate(() =>
    [
      document.title,
      document.body.innerText,
      ...[...document.querySelectorAll('[placeholder]')].map((e) => e.getAttribute('placeholder')),
    ].join('\n'),
  )

/**
 * What a person cannot read whole at 375 px: a visible element whose own text is wider than its box
 * where the box hides the rest (overflow hidden or clipped, or an ellipsis), and an empty input
 * whose placeholder (measured in the input's font) is wider than the room the input gives it.
 */
const clippedText = (page) =>
  page.evaluate(() => {
    const ruler = document.createElement('canvas').getContext('2d')
    const found = []
    const name = (el) =>
      `${el.localName}${[...el.classList]
        .slice(0, 2)
        .map((c) => `.${c}`)
        .join('')}`
    for (const el of document.querySelectorAll('body *')) {
      const box = el.getBoundingClientRect()
      const style = getComputedStyle(el)
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || box.bottom < 0 || box.right < 0)
        continue
      if ((el.localName === 'input' || el.localName === 'textarea') && el.placeholder && !el.value) {
        ruler.font = style.font
        const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
        if (ruler.measureText(el.placeholder).width > room + 1)
          found.push(`${name(el)} placeholder "${el.placeholder}"`)
        continue
      }
      const text = [...el.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent)
        .join('')
        .trim()
      const hides =
        style.textOverflow === 'ellipsis' ||
        ['hidden', 'clip'].includes(style.overflowX) ||
        ['hidden', 'clip'].includes(style.overflow)
      if (text && hides && el.scrollWidth > el.clientWidth + 1) found.push(`${name(el)} "${text}"`)
    }
    return found
  })

/** Signs in as demo with a customer chosen, in `lang`; collects what the server sends into `data`. */
async function signedIn(lang) {
  const page = await app.newPage()
  const data = []
  page.on('response', async (response) => {
    if (response.url().includes('/api/')) data.push(await response.text().catch(() => ''))
  })
  await app.loginAndPick(page, '819')
  await page.evaluate((value) => localStorage.setItem('lang', JSON.stringify({ data: value })), lang)
  const routes = await page.evaluate(() => window.__taroAppConfig.pages)
  return { page, data, routes }
}

/**
 * Opens every page of the app and two search popups and returns, per route or popup, the runs
 * `pattern` finds that neither data nor `allowed` hold (`leftovers`) and the text cut off (`clipped`).
 */
async function walk(lang, pattern, allowed) {
  const { page, data, routes } = await signedIn(lang)
  assert.ok(routes.length >= 20, `only ${routes.length} pages`)
  const leftovers = {}
  const clipped = {}
  const look = async (name) => {
    const text = await shownText(page)
    const corpus = `${data.join('\n')}\n${allowed}`
    const foreign = [...new Set(text.match(pattern) ?? [])].filter(
      (run) => !corpus.toLowerCase().includes(run.toLowerCase()),
    )
    if (foreign.length) leftovers[name] = foreign
    const cut = await clippedText(page)
    if (cut.length) clipped[name] = cut
  }
  for (const route of routes) {
    await page.goto(`${app.server.url}/${route}`)
    await page.waitForLoadState('networkidle')
    await page.locator('.page-shell, .taro_page').first().waitFor()
    await look(route)
  }
  // The search popups over a page: the customer picker on home, the room picker of a check-in notice.
  await page.goto(`${app.server.url}/pages/tabPages/index`)
  await page.locator('.customer-card .nut-button').click()
  await page.locator('.customer-picker__row').first().waitFor()
  await look('customer picker')
  await page.goto(`${app.server.url}/pagesHome/pages/form/checkInNotice/yz/form`)
  await fieldOf(page, 'room').locator('.form-picker__value').click()
  await page.locator('.form-choice-popup__search input').waitFor()
  await look('room picker')
  await page.close()
  return { leftovers, clipped, routes }
}

test('in English, no page shows Chinese that is not data, and no text is cut off', async () => {
  const { leftovers, clipped } = await walk('en', CJK, strings('en'))
  assert.deepEqual(leftovers, {})
  assert.deepEqual(clipped, {})
})

test('in Chinese, no page shows English UI words, and no text is cut off', async () => {
  const { leftovers, clipped } = await walk('zh-CN', LATIN, strings('zh-CN'))
  assert.deepEqual(leftovers, {})
  assert.deepEqual(clipped, {})
})

/** Each home label's lines, as Chromium wraps them at 375 px: the characters of each line, spaces left out. */
const labelLines = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.entry-tile__title')].map((label) => {
      const text = label.firstChild
      const lines = new Map()
      for (let i = 0; i < text.textContent.length; i++) {
        const range = document.createRange()
        range.setStart(text, i)
        range.setEnd(text, i + 1)
        const [rect] = range.getClientRects()
        if (!rect || !text.textContent[i].trim()) continue
        const top = Math.round(rect.top)
        lines.set(top, (lines.get(top) ?? '') + text.textContent[i])
      }
      return [...lines.values()]
    }),
  )

test("home's labels never leave one character alone on a line, in either language", async () => {
  for (const lang of ['zh-CN', 'en']) {
    const { page } = await signedIn(lang)
    await page.goto(`${app.server.url}/pages/tabPages/index`)
    await page.locator('.entry-tile__title').first().waitFor()
    const labels = await labelLines(page)
    assert.ok(labels.length >= 12, `only ${labels.length} labels`)
    assert.ok(
      labels.some((lines) => lines.length > 1),
      'some label wraps',
    )
    assert.deepEqual(
      labels.filter((lines) => lines.length > 1 && lines.some((line) => line.length < 2)),
      [],
      lang,
    )
    await page.close()
  }
})
