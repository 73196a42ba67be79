import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { call, startApp } from './helpers.js';

let app: FastifyInstance;
before(async () => {
  app = await startApp({ loginRateMax: 3, loginRateWindowMs: 120_000 });
});
after(() => app.close());

const LOGIN = '/api/care/account/login_old';

it('stops login attempts on one account after LOGIN_RATE_MAX, and says when to retry', async () => {
  for (let i = 0; i < 3; i++) {
    assert.equal((await call(app, LOGIN, { account: 'demo2', password: `guess${i}` })).code, -4);
  }
  const blocked = await call(app, LOGIN, { account: 'demo2', password: 'demo1234' });
  assert.equal(blocked.code, -3);
  assert.equal(blocked.msg, '尝试次数过多，请 2 分钟后再试');
  // Seconds until the window ends, for the app's countdown.
  assert.ok(blocked.res.retry_after > 110 && blocked.res.retry_after <= 120, `retry_after ${blocked.res.retry_after}`);
  const english = await call(app, LOGIN, { account: 'demo2', password: 'demo1234' }, { lang: 'en' });
  assert.equal(english.msg, 'Too many attempts, try again in 2 min');

  // Other accounts from the same address can still log in.
  assert.equal((await call(app, LOGIN, { account: 'manager', password: 'demo1234' })).code, 1);
});

it('stops an account that does not exist in the same way, so that the limit does not tell which accounts exist', async () => {
  const replies = [];
  for (let i = 0; i < 4; i++) replies.push(await call(app, LOGIN, { account: 'no-such-staff', password: `guess${i}` }));
  assert.deepEqual(replies.slice(0, 3).map((r) => r.code), [-4, -4, -4]);
  assert.equal(replies[3].code, -3);
  assert.equal(replies[3].msg, '尝试次数过多，请 2 分钟后再试');
});
