import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { startApp } from './helpers.js';

const INDEX_HTML = '<!doctype html><title>月子中心客服端</title>';

const h5Dir = mkdtempSync(path.join(os.tmpdir(), 'yuezi-h5-'));
let app: FastifyInstance;
before(async () => {
  writeFileSync(path.join(h5Dir, 'index.html'), INDEX_HTML);
  mkdirSync(path.join(h5Dir, 'js'));
  writeFileSync(path.join(h5Dir, 'js', 'app.3f2a.js'), 'console.log(1)');
  app = await startApp({ h5Dir });
  app.get('/api/test-failure', async () => {
    throw new Error('relation "secret_table" does not exist');
  });
});
after(async () => {
  await app.close();
  rmSync(h5Dir, { recursive: true, force: true });
});

describe('the H5 app', () => {
  it('is served at / without caching its HTML', async () => {
    const response = await app.inject('/');
    assert.equal(response.statusCode, 200);
    assert.equal(response.body, INDEX_HTML);
    assert.equal(response.headers['cache-control'], 'no-cache');
  });

  it('answers index.html for the paths of its pages (history mode)', async () => {
    for (const url of ['/pages/login/index', '/pagesHome/pages/form/visit/form?x=1']) {
      const response = await app.inject(url);
      assert.equal(response.statusCode, 200, url);
      assert.equal(response.body, INDEX_HTML, url);
      assert.match(String(response.headers['content-type']), /text\/html/);
      assert.equal(response.headers['cache-control'], 'no-cache');
    }
  });

  it('lets hashed assets be cached for good', async () => {
    const response = await app.inject('/js/app.3f2a.js');
    assert.equal(response.body, 'console.log(1)');
    assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable');
  });

  it('keeps the security headers, without a content security policy yet', async () => {
    const response = await app.inject('/');
    assert.equal(response.headers['x-content-type-options'], 'nosniff');
    assert.equal(response.headers['x-frame-options'], 'SAMEORIGIN');
    assert.ok(response.headers['strict-transport-security']);
    assert.equal(response.headers['content-security-policy'], undefined);
  });
});

describe('paths that do not exist', () => {
  it('answer the not-found envelope under /api and /uploads', async () => {
    for (const [method, url] of [['GET', '/api/nothing'], ['POST', '/api/care/nothing/here'], ['GET', '/uploads/none.png']] as const) {
      const response = await app.inject({ method, url });
      assert.equal(response.statusCode, 404, url);
      assert.deepEqual(response.json(), { code: -2, msg: '请求的地址不存在', res: null }, url);
    }
  });
});

describe('the API itself', () => {
  it('answers health', async () => {
    const response = await app.inject('/api/health');
    assert.deepEqual(response.json(), { code: 1, msg: '成功', res: null });
  });

  it('serves its OpenAPI document', async () => {
    const response = await app.inject('/api/openapi.json');
    assert.equal(response.statusCode, 200);
    const document = response.json();
    assert.match(document.openapi, /^3\./);
    const login = document.paths['/api/care/account/login_old'].post;
    assert.deepEqual(login.requestBody.content['application/json'].schema.required, ['account', 'password']);
    assert.ok(document.paths['/api/care/customer/index']);
    assert.ok(document.paths['/api/admin/oss/upload'].post.requestBody.content['multipart/form-data']);
  });

  it('hides the details of an unexpected failure', async () => {
    assert.deepEqual((await app.inject('/api/test-failure')).json(), { code: -500, msg: '服务器内部错误', res: null });
    const english = await app.inject({ url: '/api/test-failure', headers: { lang: 'en' } });
    assert.deepEqual(english.json(), { code: -500, msg: 'server internal error', res: null });
  });

  it('refuses a body that is not JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/care/account/login_old',
      payload: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    assert.deepEqual(response.json(), { code: -1, msg: '请求格式不正确', res: null });
  });
});
