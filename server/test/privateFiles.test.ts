import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import { parseEnv, promisify } from 'node:util'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import { askRunningServer } from '../src/plugins/backups.js'
import { restoreBackup } from '../src/services/backup/index.js'
import { openUploadStore } from '../src/services/uploads/index.js'
import { addSite, PNG, uploadFile } from './helpers.js'

// The centre's files are the server's account's alone, whatever umask it was started with (a
// shell's 022 here): the data folder, its database and uploads, the backups and .env, after the
// first run, a start on a folder an older release left readable by all, an upload, a backup and a
// restore. The embedded engine's folder: the test runs once, not on PostgreSQL too.

process.umask(0o022)
const SERVER = fileURLToPath(new URL('..', import.meta.url))
const work = mkdtempSync(path.join(os.tmpdir(), 'yuezi-modes-'))
after(() => rmSync(work, { recursive: true, force: true }))
const dataDir = path.join(work, 'data')
const backupDir = path.join(work, 'backups')
const envFile = path.join(work, '.env')

/** What under `dir` (itself included) others than its owner may read, write or enter, with its mode. */
function openToOthers(dir: string): string[] {
  const found: string[] = []
  const visit = (item: string) => {
    const { mode } = lstatSync(item)
    if (mode & 0o077) found.push(`${path.relative(work, item) || '.'} ${(mode & 0o777).toString(8)}`)
    if (lstatSync(item).isDirectory()) for (const name of readdirSync(item)) visit(path.join(item, name))
  }
  visit(dir)
  return found
}

/** Every folder under `dir` 0755 and every file 0666: what PGlite and the releases before this one left. */
function openToAll(dir: string) {
  chmodSync(dir, 0o755)
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const item = path.join(dir, entry.name)
    if (entry.isDirectory()) openToAll(item)
    else chmodSync(item, 0o666)
  }
}

let app: FastifyInstance | undefined
after(() => app?.close())

it(
  'keeps every file of the centre its account’s alone under umask 022: first run, start, upload, backup, restore',
  { skip: Boolean(process.env.DATABASE_URL) && 'the embedded engine’s folder, tested once' },
  async () => {
    // The first run, with .env copied as a shell leaves it (readable by all) and no BACKUP_KEY.
    writeFileSync(envFile, 'NODE_ENV=production\nBACKUP_KEY=\n')
    chmodSync(envFile, 0o644)
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/setup.ts', '--embedded', '--centre', '权限月子中心', '--admin', 'boss'],
      {
        cwd: SERVER,
        env: {
          ...process.env,
          DATABASE_URL: '',
          DATA_DIR: dataDir,
          INSTALL_ENV_FILE: envFile,
          NODE_ENV: 'production',
          SEED: '',
          BACKUP_KEY: '',
          LANG: 'zh_CN.UTF-8',
        },
      },
    )
    assert.match(stdout, /已把新的 BACKUP_KEY（密钥 [0-9a-f]{16}）写入 .*：每份备份都用它加密/)
    assert.equal(statSync(envFile).mode & 0o777, 0o600)
    const { BACKUP_KEY } = parseEnv(readFileSync(envFile, 'utf8'))
    assert.equal(Buffer.from(BACKUP_KEY ?? '', 'base64').length, 32, 'a new 32-byte key')
    assert.ok(!stdout.includes(BACKUP_KEY as string), 'the key is not shown')
    assert.deepEqual(openToOthers(dataDir), [], 'after the first run')

    // A folder an older release made: every folder and file readable by all, an upload among them.
    mkdirSync(path.join(dataDir, 'uploads'))
    writeFileSync(path.join(dataDir, 'uploads', 'older-photo.png'), PNG)
    openToAll(dataDir)
    mkdirSync(backupDir)
    writeFileSync(path.join(backupDir, 'yuezi-backup-2020-01-01T000000Z.tar.gz'), 'an older backup')
    openToAll(backupDir)
    assert.ok(openToOthers(dataDir).length > 900, 'PGlite’s files, as it leaves them')

    const config = loadConfig({
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      BACKUP_DIR: backupDir,
      BACKUP_KEY,
      SEED: '0',
    })
    app = await buildApp({ ...config, logLevel: 'silent', uploadSweepHours: 0, integrityCheckHours: 0 })
    assert.deepEqual(openToOthers(dataDir), [], 'once started')

    const site = await addSite(app)
    assert.equal((await uploadFile(app, 'wound.png', PNG, { token: site.token })).json().err, 0)
    assert.equal(readdirSync(path.join(dataDir, 'uploads')).length, 2)
    assert.deepEqual(openToOthers(dataDir), [], 'after an upload')

    const made = await askRunningServer<{ file: string }>(dataDir, '/backup')
    assert.ok(made && path.dirname(made.file) === backupDir)
    assert.equal(readdirSync(backupDir).length, 2)
    assert.deepEqual(openToOthers(backupDir), [], 'the backups, the older one too')
    assert.deepEqual(openToOthers(dataDir), [], 'after a backup')
    await app.close()
    app = undefined
    assert.deepEqual(openToOthers(dataDir), [], 'once stopped')

    // Restored into an empty folder made beforehand, as a shell makes it.
    const restored = path.join(work, 'restored')
    mkdirSync(restored)
    chmodSync(restored, 0o755)
    await restoreBackup(made.file, {
      dataDir: restored,
      openUploads: () => openUploadStore({ dataDir: restored }),
      key: config.backup.key,
    })
    assert.equal(readdirSync(path.join(restored, 'uploads')).length, 2)
    assert.deepEqual(openToOthers(restored), [], 'after a restore')
  },
)
