import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../../src/config.js';
import { call, login, startApp } from '../../helpers.js';

const TILES = '/api/care/map/tiles';
const STAND_IN = 'http://127.0.0.1:9/{z}/{x}/{y}.png';

let app: FastifyInstance;
let token: string;

before(async () => {
  const config = loadConfig({ MAP_TILE_URL: STAND_IN });
  app = await startApp({ mapTiles: config.mapTiles, csp: config.csp });
  token = await login(app, 'demo', 'demo1234');
});
after(() => app.close());

describe('map/tiles', () => {
  it('answers the configured tile URL, whose host the content security policy lets pictures come from', async () => {
    const reply = await app.inject({ method: 'POST', url: TILES, headers: { token }, payload: {} });
    assert.deepEqual(reply.json().res, { url: STAND_IN, subdomains: ['1', '2', '3', '4'] });
    assert.match(String(reply.headers['content-security-policy']), /img-src 'self' data: blob: http:\/\/127\.0\.0\.1:9(;|$)/);
  });

  it('needs a session', async () => {
    assert.notEqual((await call(app, TILES, {})).code, 1);
  });
});
