import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { buildApp } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import { call } from './helpers.js'

// A centre's first run: production adds no demo data, and the setup command creates the centre and
// its first manager on the database the server then starts on.

const SERVER = fileURLToPath(new URL('..', import.meta.url))
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'yuezi-setup-'))
after(() => rmSync(dataDir, { recursive: true, force: true }))

const SECRETS = {
  PDF_LINK_SECRET: randomBytes(48).toString('base64'),
  UPLOAD_LINK_SECRET: randomBytes(48).toString('base64'),
  // A production server on the embedded database backs itself up: it starts only with a key.
  BACKUP_KEY: randomBytes(32).toString('base64'),
}
const embedded = !process.env.DATABASE_URL
/** One run's names: on PostgreSQL the test database is shared with the suite's other files. */
const suffix = randomBytes(3).toString('hex')

/** Setup on the suite's database: its embedded folder (--embedded), or PostgreSQL's DATABASE_URL. */
const setup = (...args: string[]) => setupWith({}, ...(embedded ? ['--embedded'] : []), ...args)

async function setupWith(
  env: NodeJS.ProcessEnv,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/setup.ts', ...args],
      {
        cwd: SERVER,
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          NODE_ENV: 'production',
          SEED: '',
          ...SECRETS,
          // The English lines are the ones matched here; the Chinese default has a test of its own.
          LANG: 'en_US.UTF-8',
          ...env,
        },
      },
    )
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

describe('a first run without demo data', () => {
  it('never adds the demo data in production, and refuses to be asked to', () => {
    assert.equal(loadConfig({ NODE_ENV: 'production', ...SECRETS }).seed, false)
    assert.equal(loadConfig({ NODE_ENV: 'production', SEED: '0', ...SECRETS }).seed, false)
    assert.throws(() => loadConfig({ NODE_ENV: 'production', SEED: '1', ...SECRETS }), /SEED=1 is refused/)
    // Development: the embedded database is a demo unless told otherwise; PostgreSQL only on request.
    assert.equal(loadConfig({}).seed, true)
    assert.equal(loadConfig({ DATABASE_URL: 'postgres://x/y' }).seed, false)
    assert.equal(loadConfig({ DATABASE_URL: 'postgres://x/y', SEED: '1' }).seed, true)
  })

  it('creates the centre and its manager, whose one-time password must be changed at first sign-in', async () => {
    const centre = `测试月子中心-${suffix}`
    const admin = `boss-${suffix}`
    const created = await setup(
      '--centre',
      centre,
      '--admin',
      admin,
      '--name',
      '王店长',
      '--latitude',
      '31.2',
      '--longitude',
      '121.5',
      '--radius',
      '300',
    )
    assert.equal(created.code, 0, created.stderr)
    const lines = created.stdout.trim().split('\n')
    const password = /^password: (\S+)$/.exec(lines.at(-1) ?? '')?.[1]
    assert.ok(password && password.length >= 12, created.stdout)
    assert.ok(created.stdout.includes(centre) && created.stdout.includes(admin), created.stdout)
    assert.equal(lines.filter((line) => line.includes(password)).length, 1, 'the password is printed once')

    const app = await buildApp({
      ...loadConfig({ ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production', SEED: '', ...SECRETS }),
      logLevel: 'silent',
      uploadSweepHours: 0,
    })
    try {
      const first = await call(app, '/api/care/account/login_old', { account: admin, password })
      assert.equal(first.code, -90004, first.msg)
      // She runs the centre: she may approve and administer it.
      assert.deepEqual(
        [first.res.userInfo.site_name, first.res.userInfo.can_approve, first.res.userInfo.can_administer],
        [centre, true, true],
      )
      if (embedded) {
        const demo = await call(app, '/api/care/account/login_old', { account: 'manager', password: 'demo1234' })
        assert.notEqual(demo.code, 1, 'no demo account')
      }
      if (embedded) {
        // The embedded database belongs to the running server: setup refuses to touch it.
        const busy = await setup('--centre', `另一家-${suffix}`, '--admin', `other-${suffix}`)
        assert.equal(busy.code, 1)
        assert.match(busy.stderr, /in use by process \d+: stop it first/)
      }
    } finally {
      await app.close()
    }

    const again = await setup('--centre', centre, '--admin', `someone-${suffix}`)
    assert.equal(again.code, 1)
    assert.match(again.stderr, /A centre named ".*" exists already: nothing was created/)
    const sameAccount = await setup('--centre', `新中心-${suffix}`, '--admin', admin)
    assert.equal(sameAccount.code, 1)
    assert.match(sameAccount.stderr, /An account ".*" exists already: nothing was created/)
  })

  it('signs her in with the one-time password for ONE_TIME_PASSWORD_HOURS; --reset-password gives a new one', async () => {
    const admin = `late-${suffix}`
    const created = await setup('--centre', `迟到中心-${suffix}`, '--admin', admin)
    assert.equal(created.code, 0, created.stderr)
    assert.match(created.stdout, /within 72 hours/)
    const password = /^password: (\S+)$/m.exec(created.stdout)?.[1] as string
    const start = () =>
      buildApp({
        ...loadConfig({ ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production', SEED: '', ...SECRETS }),
        logLevel: 'silent',
        uploadSweepHours: 0,
        integrityCheckHours: 0,
      })
    let app = await start()
    try {
      // Without --name she is called 店长 on the records, never by her account.
      const named = await app.db.execute(sql`select name from accounts where account = ${admin}`)
      assert.deepEqual((named as unknown as { rows: { name: string }[] }).rows, [{ name: '店长' }])
      if (embedded) {
        // The running server holds the folder: setup says so in one message, without a stack trace.
        const busy = await setup('--reset-password', admin)
        assert.equal(busy.code, 1)
        assert.match(busy.stderr, /is in use by .*: stop it first/)
        assert.doesNotMatch(busy.stderr, /^\s+at /m)
      }
      // Four days went by before she tried it.
      await app.db.execute(
        sql`update accounts set password_set_at = now() - interval '73 hours' where account = ${admin}`,
      )
      const late = await call(app, '/api/care/account/login_old', { account: admin, password })
      assert.deepEqual([late.code, late.msg], [-4, '一次性密码已过期，请联系管理员重置密码'])
    } finally {
      await app.close()
    }
    // Nobody else administers her centre: the command line gives her a new one.
    const reset = await setup('--reset-password', admin)
    assert.equal(reset.code, 0, reset.stderr)
    const fresh = /^password: (\S+)$/m.exec(reset.stdout)?.[1]
    assert.ok(fresh && fresh !== password, reset.stdout)
    app = await start()
    try {
      assert.equal((await call(app, '/api/care/account/login_old', { account: admin, password: fresh })).code, -90004)
      assert.equal((await call(app, '/api/care/account/login_old', { account: admin, password })).code, -4)
    } finally {
      await app.close()
    }
    const unknown = await setup('--reset-password', `nobody-${suffix}`)
    assert.equal(unknown.code, 1)
    assert.match(unknown.stderr, /There is no account "nobody-.*" that signs in/)
  })

  it(
    "creates the centre's own database and role on PostgreSQL when no DATABASE_URL is set, and names it in .env",
    { skip: embedded && 'PostgreSQL only' },
    async () => {
      const name = `yuezi_setup_${suffix}`
      const envFile = path.join(dataDir, '.env')
      writeFileSync(envFile, 'NODE_ENV=production\n')
      const made = await setupWith(
        { DATABASE_URL: '', INSTALL_ENV_FILE: envFile },
        ...['--postgres-admin', process.env.DATABASE_URL as string, '--database', name],
        ...['--centre', `自建库中心-${suffix}`, '--admin', `owner-${suffix}`],
      )
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
      await admin.connect()
      try {
        assert.equal(made.code, 0, made.stderr)
        const written = /^DATABASE_URL=(.+)$/m.exec(readFileSync(envFile, 'utf8'))?.[1]
        assert.ok(written?.startsWith(`postgresql://${name}:`), readFileSync(envFile, 'utf8'))
        assert.equal(statSync(envFile).mode & 0o777, 0o600)
        assert.ok(!made.stdout.includes(new URL(written as string).password), 'the password stays in .env')
        // The centre's role owns its database, is no superuser, and may run the integrity check.
        const { rows } = await admin.query(
          `select r.rolsuper as super, pg_get_userbyid(d.datdba) as owner from pg_roles r, pg_database d
            where r.rolname = $1 and d.datname = $1`,
          [name],
        )
        assert.deepEqual(rows, [{ super: false, owner: name }])
        const app = await buildApp({
          ...loadConfig({
            ...process.env,
            DATABASE_URL: written,
            DATA_DIR: dataDir,
            NODE_ENV: 'production',
            SEED: '',
            ...SECRETS,
          }),
          logLevel: 'silent',
          uploadSweepHours: 0,
          integrityCheckHours: 0,
        })
        try {
          const report = await app.checkIntegrity()
          assert.deepEqual(report.damage, [])
          const first = await call(app, '/api/care/account/login_old', { account: `owner-${suffix}`, password: 'x' })
          assert.equal(first.code, -4, 'her account is there (a wrong password is refused as such)')
        } finally {
          await app.close()
        }
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`)
        await admin.query(`drop role if exists ${name}`)
        await admin.end()
      }
    },
  )

  it('says what is wrong with its options, and creates nothing', async () => {
    for (const [args, message] of [
      [['--centre', 'X'], /Both --centre and --admin are needed/],
      [['--centre', 'X', '--admin', 'a b'], /may hold only letters/],
      [['--centre', 'X', '--admin', 'ab', '--time-zone', 'Mars/Base'], /is no time zone/],
      [['--centre', 'X', '--admin', 'ab', '--latitude', '31'], /both the latitude and the longitude/],
      [['--centre', 'X', '--admin', 'ab', '--radius', '0'], /The radius must be between/],
      [['--center', 'X'], /Unknown option/],
    ] as const) {
      const refused = await setup(...args)
      assert.equal(refused.code, 1, args.join(' '))
      assert.match(refused.stderr, message, args.join(' '))
    }
  })

  it('speaks Chinese unless LANG is English', async () => {
    for (const LANG of ['', 'zh_CN.UTF-8', 'C.UTF-8']) {
      const refused = await setupWith({ LANG }, '--centre', 'X')
      assert.equal(refused.code, 1, LANG)
      assert.match(refused.stderr, /^--centre 和 --admin 都必须提供\n用法：npm run setup -- --centre <中心名称>/, LANG)
    }
    const help = await setupWith({ LANG: 'en_GB.UTF-8' }, '--help')
    assert.match(help.stdout, /^Usage: npm run setup -- --centre <name> --admin <account>/)
  })
})
