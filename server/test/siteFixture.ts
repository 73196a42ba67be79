import { after, before } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { addSite, startApp, type TestSite } from './helpers.js';

// An app and a site of its own for a test file. `app` and `site` are set once the `before` hook of
// useSite has run (every test file runs in a process of its own).

export let app: FastifyInstance;
export let site: TestSite;

/** Starts the app and the site before the file's tests; closes the app after them. */
export function useSite(): void {
  before(async () => {
    app = await startApp();
    site = await addSite(app);
  });
  after(() => app.close());
}
