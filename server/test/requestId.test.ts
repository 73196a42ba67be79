import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditLog } from '../src/db/schema.js';
import { definitionOf, validSample } from './formSamples.js';
import { addAccount, addSite, startApp, type TestSite } from './helpers.js';

// Every reply names its request (x-request-id), taken from the proxy in front when it sent one, and
// the audit row of a change names the request that made it: a reply, its log lines and its changes
// can be found from one another.

let app: FastifyInstance;
let site: TestSite;
before(async () => {
  app = await startApp();
  site = await addSite(app);
});
after(() => app.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it('every reply carries one: a new one for each request, or the one the proxy sent', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/health' });
    const second = await app.inject({ method: 'GET', url: '/api/health' });
    assert.match(String(first.headers['x-request-id']), UUID);
    assert.match(String(second.headers['x-request-id']), UUID);
    assert.notEqual(first.headers['x-request-id'], second.headers['x-request-id']);

    const sent = `nginx-${randomUUID()}`;
    const proxied = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': sent } });
    assert.equal(proxied.headers['x-request-id'], sent);

    // Refusals and unknown paths carry it too.
    const refused = await app.inject({ method: 'POST', url: '/api/care/customer/index', payload: {}, headers: { 'x-request-id': sent } });
    assert.equal(refused.json().code, -90001);
    assert.equal(refused.headers['x-request-id'], sent);
    const missing = await app.inject({ method: 'GET', url: '/api/no-such-path' });
    assert.match(String(missing.headers['x-request-id']), UUID);
  });

  it('an id that does not look like one (too long, spaces, line breaks) is replaced, not logged', async () => {
    for (const bad of ['x'.repeat(129), 'two words', 'a\u0007b', '']) {
      const reply = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': bad } });
      assert.match(String(reply.headers['x-request-id']), UUID, JSON.stringify(bad));
    }
  });

  it('the audit row of a change holds the id of the request that made it, a login\'s too', async () => {
    const auditedIn = (httpRequestId: string) =>
      app.db
        .select({ action: auditLog.action, entity: auditLog.entity, entityId: auditLog.entityId })
        .from(auditLog)
        .where(eq(auditLog.httpRequestId, httpRequestId));

    const customer = site.customers[0];
    const data = validSample(definitionOf('访客出入登记表'), { customer, room: customer.room, departmentIds: [] });
    const saveId = `lb-${randomUUID()}`;
    const saved = await app.inject({
      method: 'POST',
      url: '/api/care/index/saveForm',
      payload: { name: '访客出入登记表', customer_id: customer.id, data },
      headers: { token: site.token, 'x-request-id': saveId },
    });
    assert.equal(saved.json().code, 1, saved.json().msg);
    assert.deepEqual(await auditedIn(saveId), [{ action: 'create', entity: 'form_records', entityId: saved.json().res.id }]);

    // Without a proxy's id: the generated one that the reply carried.
    const { account, password } = await addAccount(app);
    const loggedIn = await app.inject({ method: 'POST', url: '/api/care/account/login_old', payload: { account, password } });
    assert.equal(loggedIn.json().code, 1, loggedIn.json().msg);
    const rows = await auditedIn(String(loggedIn.headers['x-request-id']));
    assert.deepEqual(rows.map(({ action, entity }) => ({ action, entity })), [{ action: 'create', entity: 'sessions' }]);
  });
});
