import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL URL; without it the server keeps its data in an embedded PGlite under dataDir. */
  databaseUrl?: string;
  dataDir: string;
  seed: boolean;
  sessionTtlHours: number;
  loginRateMax: number;
  loginRateWindowMs: number;
  uploadMaxBytes: number;
  h5Dir: string;
  logLevel: string;
  /** Behind a load balancer: take the client's address and protocol from X-Forwarded-*. */
  trustProxy: boolean;
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    port: positiveInt(env, 'PORT', 3000),
    host: env.HOST || '0.0.0.0',
    databaseUrl,
    dataDir: path.resolve(env.DATA_DIR || path.join(repoRoot, '.data')),
    // A shared PostgreSQL gets demo data only on request; the embedded database is a demo by default.
    seed: env.SEED === '1' || (!databaseUrl && env.SEED !== '0'),
    sessionTtlHours: positiveInt(env, 'SESSION_TTL_HOURS', 168),
    loginRateMax: positiveInt(env, 'LOGIN_RATE_MAX', 10),
    loginRateWindowMs: positiveInt(env, 'LOGIN_RATE_WINDOW_MS', 300_000),
    uploadMaxBytes: positiveInt(env, 'UPLOAD_MAX_BYTES', 10 * 1024 * 1024),
    h5Dir: path.resolve(env.H5_DIR || path.join(repoRoot, 'dist/h5')),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: env.TRUST_PROXY === '1',
  };
}
