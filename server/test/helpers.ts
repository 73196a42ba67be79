import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { hashPassword } from '../src/lib/password.js';
import { createAccount } from '../src/repositories/accounts.js';

/**
 * An app on the database the environment names (scripts/test.sh: a throwaway PostgreSQL, then a
 * temporary PGlite); without DATA_DIR, a fresh PGlite in a temporary folder.
 */
export function startApp(overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  let dataDir = process.env.DATA_DIR;
  if (!dataDir) {
    const tempDir = mkdtempSync(path.join(os.tmpdir(), 'yuezi-test-'));
    process.on('exit', () => rmSync(tempDir, { recursive: true, force: true }));
    dataDir = tempDir;
  }
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, SEED: '1' });
  // Tests log in far more often than people do; the rate limit has its own test.
  return buildApp({ ...config, logLevel: 'silent', loginRateMax: 10_000, ...overrides });
}

export interface Reply {
  code: number;
  msg: string;
  res: any;
}

export async function call(
  app: FastifyInstance,
  url: string,
  body: object = {},
  headers: Record<string, string> = {},
): Promise<Reply> {
  const response = await app.inject({ method: 'POST', url, payload: body, headers });
  return response.json();
}

/** Logs in and returns the token (also after a -90004 reply, which carries one too). */
export async function login(app: FastifyInstance, account: string, password: string, siteId?: number): Promise<string> {
  const reply = await call(app, '/api/care/account/login_old', { account, password, site_id: siteId });
  if (!reply.res?.token) throw new Error(`login of ${account} failed: ${reply.code} ${reply.msg}`);
  return reply.res.token;
}

/** A new account of its own, so that a test may change it without disturbing the others. */
export async function addAccount(
  app: FastifyInstance,
  { password = 'start1234', mustChangePassword = false, siteIds = [1] } = {},
): Promise<{ account: string; password: string }> {
  const account = `t-${randomUUID().slice(0, 8)}`;
  await createAccount(app.db, {
    account,
    name: '测试员工',
    passwordHash: await hashPassword(password),
    mustChangePassword,
    siteIds,
  });
  return { account, password };
}
