// Backups of the embedded database: one taken by `npm run backup` while staff keep saving restores
// into an empty folder with every save answered before it began, whole, every table's rows and every
// uploaded file as they were then, and the restored server signs in. A non-empty folder, a cut-off
// file, a file with one byte changed and the wrong key are refused before anything is written. The server's own
// backups come at their interval and the old ones go, and the server answers while it copies the database.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, test } from 'node:test'
import sharp from 'sharp'
import { ROOT, startServer } from '../../scripts/lib/server.mjs'
import { call, formBody, login, printCounts, sleep, staffClient, STREAM_FORMS } from './client.mjs'
import { checkRun, openForChecks } from './records.mjs'

/** Devices saving at once while the backup is taken. */
const DEVICES = 4
/** Answered saves before the backup is asked for: the backup must hold each of them. */
const SAVES_BEFORE = 24
/** A backup file planted as if taken long ago, before backups were encrypted: the automatic backups delete it. */
const OLD_BACKUP = 'yuezi-backup-2020-01-01T000000Z.tar.gz'
/** The install's key: the server's backups and the commands' are encrypted with it. */
const BACKUP_KEY = randomBytes(32).toString('base64')
/** An encrypted backup's name. */
const BACKUP_NAME = /^yuezi-backup-\d{4}-\d{2}-\d{2}T\d{6}Z\.tar\.gz\.enc$/

const work = mkdtempSync(path.join(tmpdir(), 'yuezi-backup-test-'))
const backupDir = path.join(work, 'backups')
let server

/** Runs `npm run <script>` (backup, restore) as a command: its exit code and output. */
function npmRun(script, args, env) {
  const { DATABASE_URL: _none, ...base } = process.env
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `server/scripts/${script}.ts`, ...args],
      // LANG: the commands' English lines are the ones matched here.
      { cwd: ROOT, env: { ...base, BACKUP_DIR: backupDir, BACKUP_KEY, LANG: 'en_US.UTF-8', ...env } },
      (error, stdout, stderr) => resolve({ code: error ? error.code : 0, stdout, stderr }),
    )
  })
}

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex')

/** Each file of an upload folder by name, with its sum. */
function uploadSums(dataDir) {
  const dir = path.join(dataDir, 'uploads')
  return Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((name) => [name, sha256(readFileSync(path.join(dir, name)))]),
  )
}

/** Every table's row count. */
async function rowCounts(db) {
  const tables = await db.query(`select tablename from pg_tables where schemaname = 'public' order by tablename`)
  const counts = {}
  for (const { tablename } of tables) {
    counts[tablename] = (await db.query(`select count(*)::int as count from "${tablename}"`))[0].count
  }
  return counts
}

before(async () => {
  mkdirSync(backupDir)
  writeFileSync(path.join(backupDir, OLD_BACKUP), 'an old backup')
  server = await startServer({
    env: {
      SEED: '1',
      BACKUP_DIR: backupDir,
      BACKUP_KEY,
      BACKUP_AUTO: '1',
      BACKUP_EVERY_SECONDS: '3',
      BACKUP_KEEP: '1',
      UPLOAD_SWEEP_HOURS: '0',
      LOG_LEVEL: 'info',
    },
    portFrom: 58600,
    // A first start creates and seeds the database: slow on a busy machine.
    startTimeoutMs: 240_000,
  })
})
after(async () => {
  await server?.stop()
  rmSync(work, { recursive: true, force: true })
})

test('the server says where its last backup is, makes one at its interval and deletes the old ones', async () => {
  assert.match(server.output(), new RegExp(`"backup":"[^"]*${OLD_BACKUP}".*"msg":"the last backup"`))
  const deadline = Date.now() + 60_000
  while (existsSync(path.join(backupDir, OLD_BACKUP)) && Date.now() < deadline) await sleep(200)
  const names = readdirSync(backupDir)
  assert.ok(!names.includes(OLD_BACKUP), `the old backup is deleted: ${names}`)
  assert.ok(
    names.some((name) => BACKUP_NAME.test(name)),
    names.join(', '),
  )
  assert.match(server.output(), /"msg":"backup made"/)
})

test('the server answers /api/health while it copies the database for a backup', async () => {
  const from = server.output().length
  const answers = []
  let backingUp = true
  const pinging = (async () => {
    while (backingUp) {
      const sent = Date.now()
      const reply = await fetch(`${server.url}/api/health`)
      assert.equal((await reply.json()).code, 1)
      answers.push({ sent, answered: Date.now() })
    }
  })()
  const made = await npmRun('backup', [], { DATA_DIR: server.dataDir })
  backingUp = false
  await pinging
  assert.equal(made.code, 0, made.stderr)
  // Each copy of the database this made or the automatic backups made meanwhile, as the server logged it.
  const copies = server
    .output()
    .slice(from)
    .split('\n')
    .filter((line) => line.includes('"msg":"database copied for a backup"'))
    .map((line) => {
      const { time, ms } = JSON.parse(line)
      return { began: time - ms, ended: time }
    })
  assert.ok(copies.length, 'the backup copied the database')
  assert.ok(
    copies.some(({ began, ended }) => answers.some(({ sent, answered }) => sent > began && answered < ended)),
    `a health request sent once a copy had begun is answered before it ended: ${JSON.stringify(copies)}`,
  )
})

test('a backup taken while staff save restores every save answered before it, every row and every file, and signs in', async () => {
  const client = await staffClient(server.url)
  // Files uploaded before: the backup must carry each of them byte for byte.
  for (let i = 0; i < 3; i++) {
    const image = await sharp({
      create: { width: 16, height: 16, channels: 3, background: { r: 40 * i, g: 90, b: 7 } },
    })
      .png()
      .toBuffer()
    const form = new FormData()
    form.append('file', new Blob([image], { type: 'image/png' }), `photo${i}.png`)
    const reply = await fetch(`${server.url}/api/admin/oss/upload`, {
      method: 'POST',
      headers: { token: client.token },
      body: form,
    })
    assert.equal((await reply.json()).err, 0)
  }

  const run = `backup-${randomUUID().slice(0, 8)}`
  const forms = new Map()
  const answeredBefore = new Set()
  let backupBegun = false
  let stop = false
  let n = 0
  async function device() {
    while (!stop) {
      const requestId = `${run}:${n}`
      const body = formBody(client, STREAM_FORMS[n % STREAM_FORMS.length], n++, requestId)
      const reply = await call(server.url, 'index/saveForm', body, { token: client.token })
      assert.equal(reply.code, 1, reply.msg)
      forms.set(requestId, { body, id: reply.res.id })
      if (!backupBegun) answeredBefore.add(requestId)
    }
  }
  async function backupMeanwhile() {
    while (answeredBefore.size < SAVES_BEFORE) await sleep(20)
    backupBegun = true
    const started = Date.now()
    const made = await npmRun('backup', [], { DATA_DIR: server.dataDir })
    const tookMs = Date.now() - started
    assert.equal(made.code, 0, made.stderr)
    // Saves go on a moment after it, then stop.
    await sleep(300)
    stop = true
    return { file: made.stdout.trim().split('\n').at(-1), tookMs }
  }
  const [{ file, tookMs }] = await Promise.all([backupMeanwhile(), ...Array.from({ length: DEVICES }, device)])
  assert.match(path.basename(file), BACKUP_NAME)
  assert.ok(forms.size > answeredBefore.size, 'saves were answered while the backup was taken')
  await server.stop({ keepData: true })

  const restored = path.join(work, 'restored')
  const restore = await npmRun('restore', [file], { DATA_DIR: restored })
  assert.equal(restore.code, 0, restore.stderr)

  const source = await openForChecks({ dataDir: server.dataDir })
  const copy = await openForChecks({ dataDir: restored })
  try {
    // Every save answered before the backup began is there, whole; the others are there whole or not at all.
    const inCopy = new Set(
      (await copy.query(`select request_id from form_records where request_id like $1`, [`${run}:%`])).map(
        (row) => row.request_id,
      ),
    )
    for (const requestId of answeredBefore) assert.ok(inCopy.has(requestId), `${requestId} answered before the backup`)
    const present = new Map([...forms].filter(([requestId]) => inCopy.has(requestId)))
    const { checked, lost } = await checkRun(copy, { run, forms: present, orders: new Map(), batchesBefore: new Map() })
    assert.equal(lost, 0)

    // Every table as the source was then: now, less the rows of the saves made after the backup.
    const after = [...forms].filter(([requestId]) => !inCopy.has(requestId))
    const laterIds = after.map(([, { id }]) => id)
    const laterRequests = after.map(([requestId]) => requestId)
    const expected = await rowCounts(source)
    expected.form_records -= laterIds.length
    expected.medicines -= (
      await source.query(`select count(*)::int as count from medicines where record_id = any($1::bigint[])`, [laterIds])
    )[0].count
    expected.audit_log -= (
      await source.query(`select count(*)::int as count from audit_log where request_id = any($1::text[])`, [
        laterRequests,
      ])
    )[0].count
    assert.deepEqual(await rowCounts(copy), expected)
    assert.deepEqual(uploadSums(restored), uploadSums(server.dataDir))
    assert.ok(Object.keys(uploadSums(restored)).length >= 3)
    printCounts({ 'records checked': checked, 'records lost': lost })
    console.log(`backup while saving: ${tookMs} ms; ${answeredBefore.size} saves before it, ${after.length} after`)
  } finally {
    await source.close()
    await copy.close()
  }

  const again = await startServer({ env: { DATA_DIR: restored, SEED: '0' }, portFrom: 58700 })
  try {
    assert.ok(await login(again.url, 'demo', 'demo1234'))
  } finally {
    await again.stop()
  }

  // Refused: a folder that is not empty, a cut-off file, a file with one byte changed, another key. Nothing written.
  const refusedInto = path.join(work, 'refused')
  const notEmpty = await npmRun('restore', [file], { DATA_DIR: restored })
  assert.notEqual(notEmpty.code, 0)
  assert.match(notEmpty.stderr, /Refused: .* is not empty/)
  const bytes = readFileSync(file)
  const cut = path.join(work, 'cut.tar.gz')
  writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.9)))
  const flipped = path.join(work, 'flipped.tar.gz')
  const changed = Buffer.from(bytes)
  changed[Math.floor(changed.length / 2)] ^= 0xff
  writeFileSync(flipped, changed)
  for (const damaged of [cut, flipped]) {
    const refused = await npmRun('restore', [damaged], { DATA_DIR: refusedInto })
    assert.notEqual(refused.code, 0)
    assert.match(refused.stderr, /cannot be restored, it is damaged or cut off: .*\. Nothing was written\./)
    assert.ok(!existsSync(refusedInto), `${path.basename(damaged)}: nothing written`)
  }
  const otherKey = await npmRun('restore', [file], {
    DATA_DIR: refusedInto,
    BACKUP_KEY: randomBytes(32).toString('base64'),
  })
  assert.notEqual(otherKey.code, 0)
  assert.match(
    otherKey.stderr,
    /cannot be opened: it is encrypted with the key [0-9a-f]{16}, and BACKUP_KEY is another/,
  )
  assert.ok(!existsSync(refusedInto), 'another key: nothing written')
  const checked = await npmRun('restore', ['--check', file], {})
  assert.equal(checked.code, 0, checked.stderr)
  assert.match(checked.stdout, /is whole: taken .* \d+ uploaded files/)
})
