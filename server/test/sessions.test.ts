import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sessions } from '../src/db/schema.js';
import { addAccount, call, login, startApp } from './helpers.js';

// Sessions beyond account.test.ts (which checks -90001/-90002/-90004, logout and the password
// change keeping the current session): how tokens are made and kept, how long they live, which
// sessions end, and what a new password may not be. The rate limit is in rateLimit.test.ts.

const TTL_HOURS = 2;
let app: FastifyInstance;
before(async () => {
  app = await startApp({ sessionTtlHours: TTL_HOURS });
});
after(() => app.close());

const LOGIN = '/api/care/account/login_old';
const INFO = '/api/care/account/info';
const CHANGE = '/api/care/account/change_pwd';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const rowsOf = (accountId: number) => app.db.select().from(sessions).where(eq(sessions.accountId, accountId));
const accountIdOf = async (token: string) => (await call(app, INFO, {}, { token })).res.id as number;

describe('tokens', () => {
  it('carry 256 random bits: base64url of 32 bytes, every character in use, never the same twice', async () => {
    const { account, password } = await addAccount(app);
    const tokens = [];
    for (let i = 0; i < 40; i++) tokens.push(await login(app, account, password));
    for (const token of tokens) {
      assert.match(token, /^[A-Za-z0-9_-]{43}$/);
      assert.equal(Buffer.from(token, 'base64url').length, 32);
    }
    assert.equal(new Set(tokens).size, tokens.length);
    // 1720 random characters use nearly all 64 (a counter, a hex string or a timestamp would not).
    assert.ok(new Set(tokens.join('')).size >= 60);
  });

  it('are stored only as their sha256, which does not open a session itself', async () => {
    const { account, password } = await addAccount(app);
    const token = await login(app, account, password);
    const [row] = await rowsOf(await accountIdOf(token));
    assert.equal(row.tokenHash, sha256(token));
    assert.ok(!JSON.stringify(row).includes(token));
    assert.equal((await call(app, INFO, {}, { token: row.tokenHash })).code, -90001);
  });

  it('expire SESSION_TTL_HOURS after the login', async () => {
    const { account, password } = await addAccount(app);
    const token = await login(app, account, password);
    const [row] = await rowsOf(await accountIdOf(token));
    const lifetime = row.expiresAt.getTime() - row.createdAt.getTime();
    assert.ok(Math.abs(lifetime - TTL_HOURS * 3600_000) < 60_000, `lifetime ${lifetime} ms`);
  });
});

describe('ending sessions', () => {
  it('logout ends that session only', async () => {
    const { account, password } = await addAccount(app);
    const [phone, desk] = [await login(app, account, password), await login(app, account, password)];
    assert.equal((await call(app, '/api/care/account/logout', {}, { token: phone })).code, 1);
    assert.equal((await call(app, INFO, {}, { token: phone })).code, -90001);
    assert.equal((await call(app, INFO, {}, { token: desk })).code, 1);
    // The ended session stays ended after a new login.
    assert.equal((await call(app, INFO, {}, { token: await login(app, account, password) })).code, 1);
    assert.equal((await call(app, INFO, {}, { token: phone })).code, -90001);
  });

  it('a password change ends the sessions on every site of the account, and old tokens do not come back', async () => {
    const { account, password } = await addAccount(app, { siteIds: [1, 2] });
    const current = await login(app, account, password, 1);
    const elsewhere = await login(app, account, password, 2);
    const switched = await login(app, account, password, 1);
    assert.equal((await call(app, INFO, { site_id: 2 }, { token: switched })).res.site_id, 2);
    assert.equal((await call(app, CHANGE, { old_password: password, password: 'another2024' }, { token: current })).code, 1);
    for (const token of [elsewhere, switched]) assert.equal((await call(app, INFO, {}, { token })).code, -90001);
    assert.equal((await call(app, INFO, {}, { token: current })).code, 1);
    // Changing it back does not revive them.
    assert.equal((await call(app, CHANGE, { old_password: 'another2024', password: 'yetanother2025' }, { token: current })).code, 1);
    assert.equal((await call(app, INFO, {}, { token: elsewhere })).code, -90001);
  });
});

describe('login replies', () => {
  it('are the same for an unknown account, a wrong password and an account that must change its password', async () => {
    const { account } = await addAccount(app, { mustChangePassword: true });
    const replies = [
      await call(app, LOGIN, { account: 'nobody-here', password: 'guess1234' }),
      await call(app, LOGIN, { account: 'demo', password: 'guess1234' }),
      await call(app, LOGIN, { account, password: 'guess1234' }),
      await call(app, LOGIN, { account: 'DEMO', password: 'demo1234' }),
    ];
    for (const reply of replies) assert.deepEqual(reply, { code: -4, msg: '账号或密码错误', res: null });
  });
});

describe('new passwords', () => {
  it('may not contain the account name, whatever its case', async () => {
    const { account, password } = await addAccount(app);
    const token = await login(app, account, password);
    for (const weak of [`${account}9`, `x${account.toUpperCase()}2024`]) {
      const reply = await call(app, CHANGE, { old_password: password, password: weak }, { token });
      assert.deepEqual(reply, { code: -1, msg: '新密码不能包含账号', res: null }, weak);
    }
    const english = await call(app, CHANGE, { old_password: password, password: `${account}9` }, { token, lang: 'en' });
    assert.equal(english.msg, 'The new password must not contain your account name');
    // Refused changes leave the password as it was.
    assert.equal((await call(app, LOGIN, { account, password })).code, 1);
  });
});
