import { randomBytes } from 'node:crypto'
import { isIP } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url))

export interface Config {
  port: number
  host: string
  /** PostgreSQL URL; without it the server keeps its data in an embedded PGlite under dataDir. */
  databaseUrl?: string
  dataDir: string
  seed: boolean
  sessionTtlHours: number
  /** A session not used for this long ends, however long it had to live. */
  sessionIdleMinutes: number
  /**
   * How long an instance answers a session from memory instead of the database (0: never). Every
   * change of a session, its account or its site drops it at once on every instance (see
   * plugins/auth.ts), so this only bounds how long a session nobody changed is kept.
   */
  sessionCacheSeconds: number
  /** Failed logins of one account (from any address) in a window, before it is refused until the window ends. */
  loginRateMax: number
  /** Failed logins from one address (to any account) in a window: guessing across the centre's accounts. */
  loginRateAddressMax: number
  loginRateWindowMs: number
  /** Hours a one-time password (setup, a new account, a reset, an import) signs in for after it was made. */
  oneTimePasswordHours: number
  /** Passwords one administrator may reset in 15 minutes: a stolen session cannot lock the whole staff out. */
  resetPasswordRateMax: number
  /** Opens of PDF links from one address per minute: a script holding a link cannot keep the server rendering. */
  pdfRateMax: number
  /** Photos and signatures one account may upload per minute: each is decoded and written again. */
  uploadRateMax: number
  uploadMaxBytes: number
  /** The most records one exported spreadsheet holds: a longer list is refused with a message to narrow it. */
  exportMaxRows: number
  /** The largest spreadsheet an import takes, and the most data rows in it. */
  importMaxBytes: number
  importMaxRows: number
  /** Spreadsheets one account may import per minute: each is read in a worker of its own. */
  importRateMax: number
  /** Hours between two sweeps of the uploads no record needs (services/uploads/sweep.ts); 0: never. */
  uploadSweepHours: number
  /** Hours between two integrity checks of the database (plugins/integrity.ts); 0: never. */
  integrityCheckHours: number
  /** How long the access log and the audit are kept (plugins/retention.ts). */
  retention: RetentionConfig
  /** Uploaded images go to this S3-compatible bucket when it is set, else to DATA_DIR/uploads. */
  s3?: S3Config
  /** Backups of the embedded database and the uploads (services/backup). */
  backup: BackupConfig
  h5Dir: string
  logLevel: string
  /**
   * On SIGTERM, how long the instance goes on serving while it tells the load balancer it is not
   * ready, before it stops listening (see main.ts); at least the balancer's health check interval.
   */
  shutdownDrainMs: number
  /**
   * Behind a load balancer, which proxies to believe about the client's address and protocol
   * (X-Forwarded-*): the number of hops in front of the server, or the proxies' addresses; false
   * behind none.
   */
  trustProxy: false | number | string[]
  /**
   * What the content security policy of the served H5 app allows besides its own origin: the API
   * server baked into the build, the origins its web-view page opens (the build's own settings),
   * and the PC back-office origins that embed the app in a frame.
   */
  csp: {
    apiOrigins: string[]
    webviewOrigins: string[]
    embedOrigins: string[]
    tileOrigins: string[]
  }
  /** Where the H5 map pages take their tiles: a Leaflet URL template and the values of its {s}. */
  mapTiles: { url: string; subdomains: string[] }
  /** The map service that finds a picked point's address; without its key the user types the place. */
  mapGeocode?: MapGeocodeConfig
  pdf: {
    /** The CJK font PDFs are written in (TTF, OTF or TTC). */
    font: string
    /** Signs the PDF links: every instance behind one address must share it. */
    linkSecret: Buffer
    /** The secret was drawn at start: links open only on this process, and not after a restart. */
    linkSecretIsRandom: boolean
    linkTtlSeconds: number
  }
  /** The links uploaded photos and signatures are shown through (services/uploads/link.ts). */
  uploadLinks: {
    secret: Buffer
    /** The secret was drawn at start: links open only on this process, and not after a restart. */
    secretIsRandom: boolean
    ttlSeconds: number
  }
}

/** An S3-compatible object store (AWS S3, Alibaba Cloud OSS, Tencent COS, MinIO) that every instance shares. */
export interface S3Config {
  /** Without it, AWS S3 of the region. */
  endpoint?: string
  bucket: string
  region: string
  /** Without keys, the SDK's own chain (environment, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string }
  /** Bucket in the path rather than the host name: MinIO and most self-hosted stores need it. */
  forcePathStyle: boolean
}

/** A reverse-geocoding web service that answers like AutoNavi's (key, location=lng,lat in GCJ-02). */
export interface MapGeocodeConfig {
  url: string
  /** The service's key: the server's alone, it never reaches the app. */
  key: string
}

/**
 * AutoNavi (Gaode) road tiles: reachable in mainland China with no key, and drawn in GCJ-02 like the
 * coordinates the app keeps.
 */
export const DEFAULT_MAP_TILE_URL =
  'https://webrd0{s}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}'
export const DEFAULT_MAP_TILE_SUBDOMAINS = ['1', '2', '3', '4']

/** AutoNavi's reverse geocoding: mainland China's addresses, taking GCJ-02 points. */
export const DEFAULT_MAP_GEOCODE_URL = 'https://restapi.amap.com/v3/geocode/regeo'

/** Debian's fonts-wqy-microhei: a free font with every Chinese character the forms may hold. */
export const DEFAULT_PDF_FONT = '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc'

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number, { zeroAllowed = false } = {}): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < (zeroAllowed ? 0 : 1)) {
    throw new Error(`${name} must be a ${zeroAllowed ? 'whole number' : 'positive integer'}, got "${raw}"`)
  }
  return value
}

/** A proxy address: an IP address, or a network as address/prefix length. */
function isAddressOrNetwork(item: string): boolean {
  const [address, prefix, ...rest] = item.split('/')
  const version = isIP(address)
  if (!version || rest.length) return false
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128))
}

/**
 * TRUST_PROXY: a hop count (1: the proxy in front of the server, the usual case) or a
 * comma-separated list of the proxies' addresses or networks. `true` is refused: believing every
 * hop lets a client choose its own address.
 */
function trustProxy(env: NodeJS.ProcessEnv): false | number | string[] {
  const raw = env.TRUST_PROXY?.trim() ?? ''
  if (raw === '' || raw === '0') return false
  if (/^\d+$/.test(raw)) return Number(raw)
  const list = raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
  const bad = list.find((item) => !isAddressOrNetwork(item))
  if (bad !== undefined || !list.length) {
    throw new Error(
      `TRUST_PROXY must be the number of proxies in front of the server (1) or their addresses (10.0.0.5,10.1.0.0/16), got "${raw}"`,
    )
  }
  return list
}

/** A comma-separated list of origins (https://pc.example.com); anything else would break the policy. */
function origins(env: NodeJS.ProcessEnv, name: string): string[] {
  const list = (env[name] ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
  for (const item of list) {
    let origin = ''
    try {
      origin = new URL(item).origin
    } catch {
      // reported below
    }
    if (origin !== item.replace(/\/$/, '') || !/^https?:/.test(origin)) {
      throw new Error(`${name} must list origins such as https://pc.example.com, got "${item}"`)
    }
  }
  return list.map((item) => item.replace(/\/$/, ''))
}

/** A URL setting, without a trailing slash; undefined when unset. */
function urlSetting(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]
  if (!raw) return undefined
  let url: URL | undefined
  try {
    url = new URL(raw)
  } catch {
    // reported below
  }
  if (!url || !/^https?:$/.test(url.protocol))
    throw new Error(`${name} must be a URL such as https://api.example.com, got "${raw}"`)
  return url.href.replace(/\/+$/, '')
}

/** The origin of a URL setting (the build's API address: only its origin matters to the policy). */
function originOf(env: NodeJS.ProcessEnv, name: string): string[] {
  const url = urlSetting(env, name)
  return url ? [new URL(url).origin] : []
}

/** The object store when S3_BUCKET names one; the other S3_* settings alone are a mistake worth refusing. */
function s3Config(env: NodeJS.ProcessEnv): S3Config | undefined {
  const bucket = env.S3_BUCKET
  if (!bucket) {
    const stray = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((name) => env[name])
    if (stray.length)
      throw new Error(`${stray.join(', ')} set without S3_BUCKET: set S3_BUCKET to keep uploads in the object store`)
    return undefined
  }
  if (env.S3_PUBLIC_BASE_URL) {
    throw new Error(
      'S3_PUBLIC_BASE_URL is no longer read: the bucket holds personal data and stays private, ' +
        'its files reach devices through the server. Unset it and make the bucket private',
    )
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the SDK credential chain',
    )
  }
  const forcePathStyle = env.S3_FORCE_PATH_STYLE ?? ''
  if (!['', '0', '1', 'true', 'false'].includes(forcePathStyle)) {
    throw new Error(`S3_FORCE_PATH_STYLE must be true or false, got "${forcePathStyle}"`)
  }
  return {
    endpoint: urlSetting(env, 'S3_ENDPOINT'),
    bucket,
    region: env.S3_REGION || 'us-east-1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: !['0', 'false'].includes(forcePathStyle),
  }
}

/** The map tiles' URL template and subdomains, and the origins the browser fetches them from. */
function mapTiles(env: NodeJS.ProcessEnv): { url: string; subdomains: string[]; origins: string[] } {
  const url = env.MAP_TILE_URL || DEFAULT_MAP_TILE_URL
  const subdomains = env.MAP_TILE_SUBDOMAINS
    ? env.MAP_TILE_SUBDOMAINS.split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    : DEFAULT_MAP_TILE_SUBDOMAINS
  const hosts = url.includes('{s}') ? subdomains.map((subdomain) => url.replaceAll('{s}', subdomain)) : [url]
  const origins = hosts.map((host) => {
    let origin = ''
    try {
      origin = new URL(host).origin
    } catch {
      // reported below
    }
    if (!/^https?:/.test(origin) || !['{x}', '{y}', '{z}'].every((part) => url.includes(part))) {
      throw new Error(`MAP_TILE_URL must be a tile URL template such as ${DEFAULT_MAP_TILE_URL}, got "${url}"`)
    }
    return origin
  })
  return { url, subdomains, origins: [...new Set(origins)] }
}

/** The geocoding service when MAP_GEOCODE_KEY is set; a URL without a key is a mistake worth refusing. */
function mapGeocode(env: NodeJS.ProcessEnv): MapGeocodeConfig | undefined {
  const url = urlSetting(env, 'MAP_GEOCODE_URL')
  if (!env.MAP_GEOCODE_KEY) {
    if (url)
      throw new Error(
        'MAP_GEOCODE_URL set without MAP_GEOCODE_KEY: set the key to fill in the addresses of picked places',
      )
    return undefined
  }
  return { url: url ?? DEFAULT_MAP_GEOCODE_URL, key: env.MAP_GEOCODE_KEY }
}

/** A link secret shorter than this can be found by trying: a found one opens every link. */
const LINK_SECRET_MIN_BYTES = 32

/**
 * A secret that signs links, from `name`; in production one shorter than LINK_SECRET_MIN_BYTES
 * stops the start. Unset, a random one of this process.
 */
function linkSecret(env: NodeJS.ProcessEnv, name: string): { secret: Buffer; isRandom: boolean } {
  const raw = env[name]
  if (!raw) return { secret: randomBytes(LINK_SECRET_MIN_BYTES), isRandom: true }
  const secret = Buffer.from(raw, 'utf8')
  if (env.NODE_ENV === 'production' && secret.length < LINK_SECRET_MIN_BYTES) {
    throw new Error(
      `${name} must be at least ${LINK_SECRET_MIN_BYTES} bytes in production, got ${secret.length}: ` +
        'set a random one, e.g. openssl rand -base64 48',
    )
  }
  return { secret, isRandom: false }
}

/**
 * Whether the demo data (and its accounts with known passwords) is added at start: never in
 * production; else on request, and by default on the embedded database, which is a demo unless
 * someone says otherwise.
 */
function demoData(env: NodeJS.ProcessEnv, databaseUrl: string | undefined): boolean {
  if (env.NODE_ENV === 'production') {
    if (env.SEED === '1') {
      throw new Error('SEED=1 is refused with NODE_ENV=production: the demo accounts have known passwords')
    }
    return false
  }
  return env.SEED === '1' || (!databaseUrl && env.SEED !== '0')
}

export interface RetentionConfig {
  /** Days an access log entry is kept, then deleted. */
  accessLogDays: number
  /** Days an audit entry is kept, then deleted. */
  auditDays: number
  /** Hours between two deletions of the entries past their days; 0: never (tests run it themselves). */
  sweepHours: number
}

/** The Cybersecurity Law (art. 21) has network logs kept six months at least: a shorter retention is refused. */
const RETENTION_MIN_DAYS = 180
/** Three years: the Civil Code's time to bring a claim (art. 188), which they may have to answer; PIPL, no longer. */
const RETENTION_DEFAULT_DAYS = 1095

function retentionDays(env: NodeJS.ProcessEnv, name: string): number {
  const days = positiveInt(env, name, RETENTION_DEFAULT_DAYS)
  if (days < RETENTION_MIN_DAYS) {
    throw new Error(
      `${name} must be at least ${RETENTION_MIN_DAYS} days (network logs are kept six months at least), got ${days}`,
    )
  }
  return days
}

export interface BackupConfig {
  /** Where backup files go: beside DATA_DIR by default, so that DATA_DIR can be restored into empty. */
  dir: string
  /**
   * BACKUP_KEY, which every backup is encrypted with (services/backup/crypt.ts) and which restores
   * it; unset, no backup is made. Never inside a backup: kept in the settings, and away from the backups.
   */
  key?: Buffer
  /** Backup files older than this many days are deleted after each automatic backup (never the newest). */
  keepDays: number
  /** Whether the server makes one by itself every `everySeconds`. */
  auto: boolean
  everySeconds: number
}

/** BACKUP_KEY's bytes: AES-256's key. */
const BACKUP_KEY_BYTES = 32

/** BACKUP_KEY: 32 random bytes in base64, as `openssl rand -base64 32` writes them; its value is never shown. */
function backupKey(env: NodeJS.ProcessEnv): Buffer | undefined {
  const raw = env.BACKUP_KEY?.trim()
  if (!raw) return undefined
  const key = Buffer.from(raw, 'base64')
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(raw) || key.length !== BACKUP_KEY_BYTES) {
    throw new Error(
      `BACKUP_KEY must be ${BACKUP_KEY_BYTES} random bytes in base64 (44 characters, as openssl rand -base64 32 ` +
        `makes them), got ${raw.length} characters: keep the key the backups were made with, or make a new one`,
    )
  }
  return key
}

/**
 * Automatic backups are on by default for a real centre on the embedded database, whose folder on
 * one disk is all there is; PostgreSQL is backed up by its own tools.
 */
function backupConfig(env: NodeJS.ProcessEnv, dataDir: string, databaseUrl: string | undefined): BackupConfig {
  const raw = env.BACKUP_AUTO ?? ''
  if (!['', '0', '1', 'true', 'false'].includes(raw)) throw new Error(`BACKUP_AUTO must be 1 or 0, got "${raw}"`)
  const asked = raw === '' ? undefined : ['1', 'true'].includes(raw)
  if (asked && databaseUrl) {
    throw new Error('BACKUP_AUTO backs up the embedded database: on PostgreSQL use pg_dump (docs/backups.md)')
  }
  return {
    dir: path.resolve(env.BACKUP_DIR || `${dataDir}-backups`),
    key: backupKey(env),
    keepDays: positiveInt(env, 'BACKUP_KEEP', 14),
    auto: asked ?? (env.NODE_ENV === 'production' && !databaseUrl),
    everySeconds: positiveInt(env, 'BACKUP_EVERY_SECONDS', 86_400),
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || undefined
  const dataDir = path.resolve(env.DATA_DIR || path.join(repoRoot, '.data'))
  const tiles = mapTiles(env)
  const pdfLink = linkSecret(env, 'PDF_LINK_SECRET')
  const uploadLink = linkSecret(env, 'UPLOAD_LINK_SECRET')
  return {
    port: positiveInt(env, 'PORT', 3000),
    host: env.HOST || '0.0.0.0',
    databaseUrl,
    dataDir,
    seed: demoData(env, databaseUrl),
    sessionTtlHours: positiveInt(env, 'SESSION_TTL_HOURS', 168),
    sessionIdleMinutes: positiveInt(env, 'SESSION_IDLE_MINUTES', 720),
    sessionCacheSeconds: positiveInt(env, 'SESSION_CACHE_SECONDS', 60, { zeroAllowed: true }),
    loginRateMax: positiveInt(env, 'LOGIN_RATE_MAX', 10),
    loginRateAddressMax: positiveInt(env, 'LOGIN_RATE_ADDRESS_MAX', 100),
    loginRateWindowMs: positiveInt(env, 'LOGIN_RATE_WINDOW_MS', 300_000),
    oneTimePasswordHours: positiveInt(env, 'ONE_TIME_PASSWORD_HOURS', 72),
    resetPasswordRateMax: positiveInt(env, 'RESET_PASSWORD_RATE_MAX', 10),
    pdfRateMax: positiveInt(env, 'PDF_RATE_MAX', 60),
    uploadRateMax: positiveInt(env, 'UPLOAD_RATE_MAX', 60),
    uploadMaxBytes: positiveInt(env, 'UPLOAD_MAX_BYTES', 10 * 1024 * 1024),
    exportMaxRows: positiveInt(env, 'EXPORT_MAX_ROWS', 2000),
    importMaxBytes: positiveInt(env, 'IMPORT_MAX_BYTES', 2 * 1024 * 1024),
    importMaxRows: positiveInt(env, 'IMPORT_MAX_ROWS', 2000),
    importRateMax: positiveInt(env, 'IMPORT_RATE_MAX', 10),
    uploadSweepHours: positiveInt(env, 'UPLOAD_SWEEP_HOURS', 6, { zeroAllowed: true }),
    integrityCheckHours: positiveInt(env, 'INTEGRITY_CHECK_HOURS', 24, { zeroAllowed: true }),
    retention: {
      accessLogDays: retentionDays(env, 'ACCESS_LOG_RETENTION_DAYS'),
      auditDays: retentionDays(env, 'AUDIT_RETENTION_DAYS'),
      sweepHours: 24,
    },
    s3: s3Config(env),
    backup: backupConfig(env, dataDir, databaseUrl),
    h5Dir: path.resolve(env.H5_DIR || path.join(repoRoot, 'dist/h5')),
    logLevel: env.LOG_LEVEL || 'info',
    shutdownDrainMs: positiveInt(env, 'SHUTDOWN_DRAIN_MS', 5_000, { zeroAllowed: true }),
    trustProxy: trustProxy(env),
    csp: {
      apiOrigins: originOf(env, 'TARO_APP_API_BASE'),
      webviewOrigins: origins(env, 'TARO_APP_WEBVIEW_ORIGINS'),
      embedOrigins: origins(env, 'EMBED_ORIGINS'),
      tileOrigins: tiles.origins,
    },
    mapTiles: { url: tiles.url, subdomains: tiles.subdomains },
    mapGeocode: mapGeocode(env),
    pdf: {
      font: env.PDF_FONT || DEFAULT_PDF_FONT,
      linkSecret: pdfLink.secret,
      linkSecretIsRandom: pdfLink.isRandom,
      linkTtlSeconds: positiveInt(env, 'PDF_LINK_TTL_SECONDS', 300),
    },
    uploadLinks: {
      secret: uploadLink.secret,
      secretIsRandom: uploadLink.isRandom,
      ttlSeconds: positiveInt(env, 'UPLOAD_LINK_TTL_SECONDS', 600),
    },
  }
}
