import { after, before } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { addSite, startApp, type TestSite } from './helpers.js'

// An app and a site of its own for a test file. `app` and `site` are set once the `before` hook of
// useSite has run (every test file runs in a process of its own).

export let app: FastifyInstance
export let site: TestSite

/**
 * Starts the app and the site before the file's tests, then runs `andThen` (one hook: the root's
 * `before` hooks do not wait for each other); closes the app after them.
 */
export function useSite(andThen?: () => Promise<void>): void {
  before(async () => {
    app = await startApp()
    site = await addSite(app)
    await andThen?.()
  })
  after(() => app.close())
}
