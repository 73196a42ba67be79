// Lighthouse section: mobile performance score, FCP, LCP and TBT of the login page, the home page
// and one form page, on what `npm start` runs (the server serving the H5 build, on the embedded
// demo database) with Debian's chromium. The home and form pages are loaded signed in, a customer chosen: the session
// and the customer are put in storage as the app keeps them (src/stores/session.ts, customer.ts),
// the HTTP cache emptied before each run.
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import puppeteer from 'puppeteer-core'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../lib/chromium.mjs'
import { H5_PAGES } from './builds.mjs'
import { api, DIST, login, ms, printTable, startServer, tempDir } from './lib.mjs'

const PAGES = [
  { name: 'login', route: H5_PAGES.login, signedIn: false },
  { name: 'home', route: H5_PAGES.home, signedIn: true },
  // 访客出入登记表, the most used form.
  { name: 'form (visit)', route: '/pagesHome/pages/form/visit/form', signedIn: true },
]

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/** The storage of a signed-in staff member who has chosen a customer (the demo's first). */
async function signedInStorage(url) {
  const { token, userInfo } = await login(url)
  const { list } = await api(url, 'care/customer/index', { page: 1, limit: 1 }, token)
  const [customer] = list
  return { token, userInfo, customerInfo: customer, childrenData: customer.children }
}

/** Taro's H5 storage: each key holds JSON {data: value} (what Taro.setStorageSync writes). */
async function setStorage(page, origin, storage) {
  await page.goto(`${origin}${H5_PAGES.login}`, { waitUntil: 'load' })
  await page.evaluate((entries) => {
    localStorage.clear()
    for (const [key, value] of entries) localStorage.setItem(key, JSON.stringify({ data: value }))
  }, Object.entries(storage))
  const cdp = await page.createCDPSession()
  await cdp.send('Network.clearBrowserCache')
  await cdp.detach()
}

/** One Lighthouse navigation of the page; the figures, and where it ended (a signed-out page lands on login). */
async function audit(browser, origin, page, storage) {
  const tab = await browser.newPage()
  try {
    await setStorage(tab, origin, page.signedIn ? storage : {})
    const result = await lighthouse(
      `${origin}${page.route}`,
      { output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
      undefined,
      tab,
    )
    const { lhr } = result
    const value = (id) => lhr.audits[id].numericValue
    const items = (id) => lhr.audits[id].details?.items ?? []
    return {
      score: Math.round(lhr.categories.performance.score * 100),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      finalPath: new URL(lhr.finalDisplayedUrl).pathname,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      // Where the main thread's time went (Lighthouse's own audits, in its throttled milliseconds).
      work: Object.fromEntries(items('mainthread-work-breakdown').map((item) => [item.group, item.duration])),
      scripts: items('bootup-time').map((item) => ({
        file: path.basename(new URL(item.url, origin).pathname) || item.url,
        ms: item.total,
      })),
    }
  } finally {
    await tab.close()
  }
}

export async function lighthouseSection({ quick }) {
  const runs = quick ? 1 : 3
  // What `npm start` starts after its build, serving the build this bench made.
  const server = await startServer({ env: { H5_DIR: path.join(DIST, 'h5') } })
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    userDataDir: tempDir('chrome'),
  })
  const rows = []
  const workRows = []
  const notes = []
  const benchmarkIndexes = []
  try {
    const storage = await signedInStorage(server.url)
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null })
    for (const page of PAGES) {
      const results = []
      for (let i = 0; i < runs; i++) results.push(await audit(browser, server.url, page, storage))
      benchmarkIndexes.push(...results.map((r) => r.benchmarkIndex))
      const landed = results.find((r) => !r.finalPath.startsWith(page.route))
      if (landed) notes.push(`${page.name}: ended on ${landed.finalPath}, not ${page.route}`)
      const pick = (key) => median(results.map((r) => r[key]))
      rows.push([page.name, page.route, pick('score'), ms(pick('fcp')), ms(pick('lcp')), ms(pick('tbt'))])
      // The run of the median TBT explains that figure.
      const { work, scripts } = results.find((r) => r.tbt === pick('tbt'))
      const group = (name) => ms(work[name] ?? 0)
      const top = scripts
        .slice(0, 3)
        .map((script) => `${script.file} ${Math.round(script.ms)}`)
        .join(', ')
      workRows.push([
        page.name,
        group('scriptEvaluation'),
        group('scriptParseCompile'),
        group('styleLayout'),
        group('other'),
        top,
      ])
    }
    await browser.disconnect()
  } finally {
    chrome.kill()
    await server.stop()
  }
  printTable(
    `Lighthouse ${runs > 1 ? `(median of ${runs} runs each)` : '(1 run each)'}: mobile, simulated throttling, on npm start`,
    ['page', 'route', 'score', 'FCP', 'LCP', 'TBT'],
    rows,
    [
      'home and form pages are loaded signed in with a customer chosen (in storage), with an empty HTTP cache.',
      // Lighthouse multiplies the CPU time it observes: its own measure of this CPU's speed at the
      // time says how far runs of different hours compare.
      `Lighthouse's benchmark index of this CPU during the runs (higher is faster): ${Math.round(Math.min(...benchmarkIndexes))}–${Math.round(Math.max(...benchmarkIndexes))}`,
      ...notes,
    ],
  )
  printTable(
    'Lighthouse: the main thread of the run with the median TBT (throttled ms)',
    ['page', 'script', 'parse + compile', 'style + layout', 'other', 'top scripts (ms)'],
    workRows,
    ["other: the browser's own tasks (navigation, HTML, timers, garbage collection)."],
  )
}
