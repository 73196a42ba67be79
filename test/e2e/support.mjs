// End-to-end support: the real server (on a fresh embedded database, serving
// the built dist/h5) and Debian's Chromium driven by playwright-core.
import { mkdtempSync, rmSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs'
import { ROOT, startServer as startProductServer } from '../../scripts/lib/server.mjs'

/** How long one step of a test may wait for the page's sign (see launchBrowser). */
export const STEP_TIMEOUT_MS = 30_000

export { ROOT }
const H5_DIR = path.join(process.env.DIST_DIR || path.join(ROOT, 'dist'), 'h5')

/**
 * Starts the product's server serving the built H5 app, with its own data folder (see
 * scripts/lib/server.mjs); `clockAt` (a Date) starts its clock at that instant.
 */
export async function startServer(env = {}, { clockAt } = {}) {
  if (!existsSync(path.join(H5_DIR, 'index.html')))
    throw new Error(`${H5_DIR} is missing: run \`npm run build:h5\` first`)
  // The suite logs the demo accounts in far more often than a person does (every test starts on a
  // clean device); the login limit has its own server test, so it is not the e2e suite's to meet.
  // A server of the demo data starts on a copy of it; one with a clock of its own seeds its own days.
  const seeded = !clockAt && !env.DATA_DIR && !env.NODE_ENV && env.SEED === undefined
  return startProductServer({ env: { H5_DIR, LOGIN_RATE_MAX: '1000', ...env }, clockAt, seeded })
}

/**
 * A phone-sized Chromium (375×812) with a throwaway profile, its time zone pinned (a device in
 * China unless `timezoneId` says otherwise), its clock starting at `clockAt` (a Date) when given.
 */
export async function launchBrowser({ timezoneId = 'Asia/Shanghai', clockAt } = {}) {
  const profile = mkdtempSync(path.join(tmpdir(), 'yuezi-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId,
    args: CHROMIUM_FLAGS,
  })
  if (clockAt) await context.clock.install({ time: clockAt })
  // A step waits for its sign this long at most: on a 2-core machine whose cores other work keeps
  // busy a step takes several times as long as on a quiet one; past it, it is a failure.
  context.setDefaultTimeout(STEP_TIMEOUT_MS)
  return {
    context,
    async close() {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}
