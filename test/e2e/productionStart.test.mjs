// `npm run start:prod` as a centre runs it: the server compiled by `npm run build` (compiled here,
// the H5 app being the e2e stage's build), started by node alone in production with .env.example's
// settings on an empty embedded database, serves the API and the app; without a build it refuses.
// `npm run setup`, `npm run backup`, `npm run check` and `npm run restore` run the compiled commands
// with .env's settings, and the compiled server prints a record's PDF. On a throwaway PostgreSQL:
// setup makes the centre's database, its backup restores into an empty one, and an embedded centre
// moves there (`npm run move-to-postgres`).
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseEnv } from 'node:util'
import pg from 'pg'
import { buildServer, SERVER_BUILD } from '../../scripts/lib/buildServer.mjs'
import { startPostgres } from '../../scripts/lib/postgres.mjs'
import { ROOT, startServer } from '../../scripts/lib/server.mjs'

const H5_DIR = path.join(process.env.DIST_DIR || path.join(ROOT, 'dist'), 'h5')
const START_PROD = 'scripts/startProd.mjs'
const SETUP = 'scripts/setup.mjs'
const BACKUP = 'scripts/backup.mjs'
const CHECK = 'scripts/check.mjs'
const RESTORE = 'scripts/restore.mjs'

/**
 * Node that refuses to load tsx: a script it runs to the end loaded none. An import hook, registered
 * before the script, fails every import of the package.
 */
const NO_TSX_HOOK = `export async function resolve(specifier, context, next) {
  if (/^tsx(\\/|$)/.test(specifier)) throw new Error('tsx was imported: ' + specifier)
  return next(specifier, context)
}`
const NO_TSX = [
  '--import',
  `data:text/javascript,${encodeURIComponent(
    `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(NO_TSX_HOOK)}`)})`,
  )}`,
]

/** The centre's backup key: every install of the test is the same centre's, which restores the others' backups. */
const BACKUP_KEY = randomBytes(32).toString('base64')

/** A centre's settings: .env.example's, with its secrets filled in; the test's own port and data folder. */
function centreSettings() {
  const { PORT, DATA_DIR, ...settings } = parseEnv(readFileSync(path.join(ROOT, '.env.example'), 'utf8'))
  assert.ok(PORT && DATA_DIR, '.env.example sets the port and the data folder')
  return {
    ...settings,
    PDF_LINK_SECRET: randomBytes(48).toString('base64'),
    UPLOAD_LINK_SECRET: randomBytes(48).toString('base64'),
    BACKUP_KEY,
    H5_DIR,
  }
}

let server
before(async () => {
  if (!existsSync(path.join(H5_DIR, 'index.html'))) throw new Error(`${H5_DIR} is missing: run \`npm run build:h5\``)
  await buildServer()
  // start:prod makes it production itself, whatever the caller's environment says.
  server = await startServer({ script: [START_PROD], env: { ...centreSettings(), NODE_ENV: '' } })
})
after(async () => {
  await server?.stop()
  if (server) rmSync(`${server.dataDir}-backups`, { recursive: true, force: true })
})

test('the compiled server runs under node alone, in production, and answers /api/health', async () => {
  const argv = readFileSync(`/proc/${server.pid()}/cmdline`, 'utf8').split('\0').filter(Boolean)
  assert.deepEqual(argv, [process.execPath, START_PROD])
  const nodeOptions = readFileSync(`/proc/${server.pid()}/environ`, 'utf8')
    .split('\0')
    .find((item) => item.startsWith('NODE_OPTIONS='))
  assert.doesNotMatch(`${argv.join(' ')} ${nodeOptions ?? ''}`, /tsx/)
  const health = await (await fetch(`${server.url}/api/health`)).json()
  assert.equal(health.code, 1)
  // Production: no demo data, so the demo account does not exist.
  const login = await fetch(`${server.url}/api/care/account/login_old`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'demo', password: 'demo1234' }),
  })
  assert.notEqual((await login.json()).code, 1)
})

test('the compiled server serves the built H5 app', async () => {
  const res = await fetch(`${server.url}/`)
  assert.equal(res.status, 200)
  assert.match(res.headers.get('content-type'), /text\/html/)
  const page = await res.text()
  const scripts = [...readFileSync(path.join(H5_DIR, 'index.html'), 'utf8').matchAll(/<script[^>]* src="([^"]+)"/g)]
  assert.ok(scripts.length)
  for (const [tag, src] of scripts) {
    assert.ok(page.includes(tag), `${tag} is in the page`)
    const script = await fetch(`${server.url}${src}`)
    assert.equal(script.status, 200, src)
    assert.match(script.headers.get('content-type'), /javascript/)
  }
})

test('start:prod refuses to start without the built app, naming npm run build', () => {
  const empty = mkdtempSync(path.join(tmpdir(), 'yuezi-no-build-'))
  try {
    const run = spawnSync(process.execPath, [START_PROD], {
      cwd: ROOT,
      env: { ...process.env, H5_DIR: empty },
      encoding: 'utf8',
    })
    assert.equal(run.status, 1)
    assert.match(run.stderr, /Missing the H5 app/)
    assert.match(run.stderr, /npm run build/)
  } finally {
    rmSync(empty, { recursive: true, force: true })
  }
})

/**
 * An install of its own, whose .env the test writes: the repository's scripts copied, its server
 * (with the build) and packages linked, so `npm run setup` there reads that .env, not the repository's.
 */
function installWithEnv(settings) {
  const install = mkdtempSync(path.join(tmpdir(), 'yuezi-install-'))
  cpSync(path.join(ROOT, 'scripts'), path.join(install, 'scripts'), { recursive: true })
  for (const linked of ['server', 'node_modules']) symlinkSync(path.join(ROOT, linked), path.join(install, linked))
  writeFileSync(
    path.join(install, '.env'),
    Object.entries(settings)
      .map(([name, value]) => `${name}=${value}`)
      .join('\n'),
  )
  return install
}

/** The environment without what .env sets: each command must read .env itself. */
function withoutInstallSettings() {
  const {
    NODE_ENV: _mode,
    DATA_DIR: _data,
    BACKUP_DIR: _backups,
    BACKUP_KEY: _key,
    DATABASE_URL: _database,
    ...env
  } = process.env
  // The commands speak English under this LANG, the lines matched here.
  return { ...env, LANG: 'en_US.UTF-8' }
}

/** `npm run <command>` in `install` under node that refuses tsx: its exit code and output. */
const runWithoutTsx = (install, command, args) =>
  spawnSync(process.execPath, [...NO_TSX, command, ...args], {
    cwd: install,
    env: withoutInstallSettings(),
    encoding: 'utf8',
  })

const lastLine = (output) => output.trim().split('\n').at(-1)

test('npm run setup runs the compiled first run under node alone, with the settings of .env', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'yuezi-setup-data-'))
  // .env.example's, its BACKUP_KEY left empty: setup makes one.
  const install = installWithEnv({ ...centreSettings(), BACKUP_KEY: '', DATA_DIR: dataDir })
  try {
    const run = runWithoutTsx(install, SETUP, ['--embedded', '--centre', '晨光月子中心', '--admin', 'zhao'])
    assert.equal(run.status, 0, run.stderr)
    assert.match(run.stdout, new RegExp(`"晨光月子中心" \\(site \\d+\\) in ${dataDir}`))
    assert.match(lastLine(run.stdout), /^password: \S+$/)
    assert.ok(existsSync(path.join(dataDir, 'pglite')), "the database is in .env's DATA_DIR")
    const written = parseEnv(readFileSync(path.join(install, '.env'), 'utf8')).BACKUP_KEY
    assert.equal(Buffer.from(written, 'base64').length, 32, 'a new backup key in .env')
    assert.match(run.stdout, /Wrote a new BACKUP_KEY \(key [0-9a-f]{16}\) into .*Keep a copy away from the backups/)
    assert.equal(statSync(path.join(install, '.env')).mode & 0o777, 0o600)
  } finally {
    rmSync(install, { recursive: true, force: true })
    rmSync(dataDir, { recursive: true, force: true })
  }
})

test('npm run backup and npm run restore run the compiled commands under node alone, with the folders of .env', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'yuezi-backup-install-'))
  const dataDir = path.join(work, 'data')
  const backupDir = path.join(work, 'backups')
  const restored = path.join(work, 'restored')
  const settings = { ...centreSettings(), DATA_DIR: dataDir, BACKUP_DIR: backupDir }
  const install = installWithEnv(settings)
  const restoreInstall = installWithEnv({ ...settings, DATA_DIR: restored })
  try {
    const setup = runWithoutTsx(install, SETUP, ['--embedded', '--centre', '晨光月子中心', '--admin', 'zhao'])
    assert.equal(setup.status, 0, setup.stderr)
    // No server runs on .env's DATA_DIR: the commands open the database themselves.
    const checked = runWithoutTsx(install, CHECK, [])
    assert.equal(checked.status, 0, checked.stderr)
    assert.match(checked.stdout, /^Integrity check clean: \d+ indexes and \d+ tables/)
    const backup = runWithoutTsx(install, BACKUP, [])
    assert.equal(backup.status, 0, backup.stderr)
    const file = lastLine(backup.stdout)
    assert.equal(path.dirname(file), backupDir, "the backup is in .env's BACKUP_DIR")
    assert.match(path.basename(file), /^yuezi-backup-.+\.tar\.gz\.enc$/)
    assert.ok(existsSync(file))

    const check = runWithoutTsx(restoreInstall, RESTORE, ['--check', file])
    assert.equal(check.status, 0, check.stderr)
    assert.match(check.stdout, /is whole: taken /)
    const restore = runWithoutTsx(restoreInstall, RESTORE, [file])
    assert.equal(restore.status, 0, restore.stderr)
    assert.ok(lastLine(restore.stdout).startsWith(`Restored ${file} into ${restored}: `), restore.stdout)
    // The restored database holds the centre: a first run there finds it and creates nothing.
    const again = runWithoutTsx(restoreInstall, SETUP, ['--embedded', '--centre', '晨光月子中心', '--admin', 'zhao2'])
    assert.equal(again.status, 1, again.stdout)
    assert.match(again.stderr, /晨光月子中心/)
  } finally {
    for (const folder of [install, restoreInstall, work]) rmSync(folder, { recursive: true, force: true })
  }
})

test("npm run backup and npm run check ask the compiled server running on .env's DATA_DIR, under node alone", () => {
  const install = installWithEnv({ ...centreSettings(), DATA_DIR: server.dataDir })
  try {
    const checked = runWithoutTsx(install, CHECK, [])
    assert.equal(checked.status, 0, checked.stderr)
    assert.match(checked.stdout, /^Integrity check clean: \d+ indexes and \d+ tables/)
    const backup = runWithoutTsx(install, BACKUP, [])
    assert.equal(backup.status, 0, backup.stderr)
    // The server made it, in its own backup folder beside its DATA_DIR.
    const file = lastLine(backup.stdout)
    assert.equal(path.dirname(file), `${server.dataDir}-backups`)
    assert.ok(existsSync(file))
    assert.equal(server.exit(), null, 'the server serves on')
  } finally {
    rmSync(install, { recursive: true, force: true })
  }
})

test('in development the commands run their sources through tsx', () => {
  const { NODE_ENV: _mode, ...env } = process.env
  const emptyData = mkdtempSync(path.join(tmpdir(), 'yuezi-no-data-'))
  const options = { cwd: ROOT, env: { ...env, DATA_DIR: emptyData, LANG: 'en_US.UTF-8' }, encoding: 'utf8' }
  try {
    for (const [command, args, ran] of [
      [SETUP, ['--help'], /^Usage: npm run setup/],
      [RESTORE, [], /^Usage: npm run restore/],
      [BACKUP, [], /^No embedded database in /],
    ]) {
      const refused = spawnSync(process.execPath, [...NO_TSX, command, ...args], options)
      assert.match(refused.stderr, /tsx was imported/, command)
      const run = spawnSync(process.execPath, [command, ...args], options)
      assert.match(`${run.stdout}${run.stderr}`, ran, command)
    }
  } finally {
    rmSync(emptyData, { recursive: true, force: true })
  }
})

/** A staff request to the care API: its `res`, once it answered code 1. */
async function care(url, route, body, token) {
  const reply = await fetch(`${url}/api/care/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  })
  const { code, msg, res } = await reply.json()
  assert.equal(code, 1, `${route}: ${msg}`)
  return res
}

test('the compiled server prints a record as a PDF that holds its text', async () => {
  // The demo data's records: the compiled server itself, outside production.
  const demo = await startServer({
    script: [path.relative(ROOT, SERVER_BUILD)],
    env: { SEED: '1', NODE_ENV: '' },
    startTimeoutMs: 240_000,
  })
  try {
    const { token } = await care(demo.url, 'account/login_old', { account: 'demo', password: 'demo1234' })
    const visit = { name: '访客出入登记表', keyword: '陈建国', page: 1, limit: 1 }
    const [record] = (await care(demo.url, 'index/getFormRecord', visit, token)).list
    assert.ok(record, 'the demo visit of 陈建国')
    const { url } = await care(demo.url, 'index/formRecordPdf', { id: record.id }, token)
    const reply = await fetch(`${demo.url}${url}`)
    assert.equal(reply.status, 200)
    assert.match(reply.headers.get('content-type'), /^application\/pdf/)
    const pdf = Buffer.from(await reply.arrayBuffer())
    assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-')
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' })
    for (const value of ['陈建国', '13917654321']) assert.ok(text.includes(value), `${value} in: ${text}`)
  } finally {
    await demo.stop()
  }
})

/** The URL of `database` on the cluster, as its superuser. */
const urlOf = (cluster, database) => cluster.url.replace(/\/[^/]+$/, `/${database}`)

/** Runs `sql` on `url` (the throwaway cluster's superuser). */
async function onPostgres(url, sql) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(sql)).rows
  } finally {
    await client.end()
  }
}

test('on PostgreSQL: npm run setup makes the centre, the server runs on it, its backup restores into an empty database, an embedded centre moves there', async () => {
  const cluster = await startPostgres()
  const work = mkdtempSync(path.join(tmpdir(), 'yuezi-postgres-install-'))
  const installs = []
  const install = (settings) => {
    const made = installWithEnv({ ...centreSettings(), BACKUP_DIR: path.join(work, 'backups'), ...settings })
    installs.push(made)
    return made
  }
  const envOf = (folder) => parseEnv(readFileSync(path.join(folder, '.env'), 'utf8'))
  try {
    // The centre's own database and role, made by setup and named in .env.
    const centre = install({ DATA_DIR: path.join(work, 'centre') })
    const setup = runWithoutTsx(centre, SETUP, [
      ...['--postgres-admin', cluster.url, '--database', 'yuezi_centre'],
      ...['--centre', '晨光月子中心', '--admin', 'zhao'],
    ])
    assert.equal(setup.status, 0, setup.stderr)
    const { DATABASE_URL } = envOf(centre)
    assert.match(DATABASE_URL, /^postgresql:\/\/yuezi_centre:[^@]+@127\.0\.0\.1:\d+\/yuezi_centre$/)
    const password = lastLine(setup.stdout).replace('password: ', '')
    let file

    // The compiled server on it: her first sign-in asks for a new password.
    const onCentre = await startServer({ script: [START_PROD], env: { ...envOf(centre), NODE_ENV: '' } })
    try {
      const login = await fetch(`${onCentre.url}/api/care/account/login_old`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: 'zhao', password }),
      })
      assert.equal((await login.json()).code, -90004)
      // Backed up beside the running server with pg_dump, after a clean check.
      const checked = runWithoutTsx(centre, CHECK, [])
      assert.equal(checked.status, 0, checked.stderr)
      assert.match(checked.stdout, /^Integrity check clean/)
      const backup = runWithoutTsx(centre, BACKUP, [])
      assert.equal(backup.status, 0, backup.stderr)
      file = lastLine(backup.stdout)
    } finally {
      await onCentre.stop()
    }

    // Restored into an empty database: every count as the backup's, the centre there.
    await onPostgres(cluster.url, 'create database yuezi_restored')
    const restoreInto = install({
      DATA_DIR: path.join(work, 'restored'),
      DATABASE_URL: urlOf(cluster, 'yuezi_restored'),
    })
    const restored = runWithoutTsx(restoreInto, RESTORE, [file])
    assert.equal(restored.status, 0, restored.stderr)
    assert.match(
      lastLine(restored.stdout),
      /^Restored .* into postgresql:\/\/postgres@127\.0\.0\.1:\d+\/yuezi_restored: /,
    )
    assert.deepEqual(await onPostgres(urlOf(cluster, 'yuezi_restored'), 'select name from sites'), [
      { name: '晨光月子中心' },
    ])
    const again = runWithoutTsx(restoreInto, RESTORE, [file])
    assert.equal(again.status, 1)
    assert.match(again.stderr, /is not empty/)

    // A centre on the embedded engine moves there with one command; .env then names PostgreSQL.
    const small = install({ DATA_DIR: path.join(work, 'small') })
    const smallSetup = runWithoutTsx(small, SETUP, ['--embedded', '--centre', '小月子中心', '--admin', 'li'])
    assert.equal(smallSetup.status, 0, smallSetup.stderr)
    await onPostgres(cluster.url, 'create database yuezi_moved')
    const moved = runWithoutTsx(small, 'scripts/moveToPostgres.mjs', ['--to', urlOf(cluster, 'yuezi_moved')])
    assert.equal(moved.status, 0, moved.stderr)
    assert.match(moved.stdout, /Integrity check clean/)
    assert.match(moved.stdout, /Moved \d+ rows in \d+ tables, every count as the backup's/)
    assert.equal(envOf(small).DATABASE_URL, urlOf(cluster, 'yuezi_moved'))
    assert.deepEqual(await onPostgres(urlOf(cluster, 'yuezi_moved'), 'select name from sites'), [
      { name: '小月子中心' },
    ])
    const checkMoved = runWithoutTsx(small, CHECK, [])
    assert.equal(checkMoved.status, 0, checkMoved.stderr)
  } finally {
    for (const folder of [...installs, work]) rmSync(folder, { recursive: true, force: true })
    cluster.stop()
  }
})
