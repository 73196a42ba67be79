// Starts the real API server once for the whole simulator suite (a fresh embedded database with
// the demo data, and beside it a centre of its own made by `npm run setup`) and hands its address
// and that centre's manager to the test files through env vars and a temp file.
const { execFile } = require('child_process')
const fs = require('fs')
const os = require('os')
const path = require('path')
const { promisify } = require('util')

const SERVER_FILE = path.join(os.tmpdir(), `wt-weapp-suite-server-${process.pid}.json`)
const FIRST_MANAGER = { centre: '小程序首日中心', account: 'first.manager' }

module.exports = async function globalSetup() {
  const { ROOT, startServer } = await import('../../scripts/lib/server.mjs')
  // The suite signs in far more often than a person: the login rate limit (tested by the server's
  // own tests) is raised so that it never answers instead of the password check.
  const env = { LOG_LEVEL: 'warn', LOGIN_RATE_MAX: '1000' }
  const seeded = await startServer({ env, seeded: true })
  await seeded.stop({ keepData: true })
  // The setup command (what `npm run setup` runs) works on a stopped server's data folder; started
  // again without seeding, the new centre stays as empty as a real centre's first day (the demo
  // would fill it with its lists).
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/scripts/setup.ts',
      '--embedded',
      '--centre',
      FIRST_MANAGER.centre,
      '--admin',
      FIRST_MANAGER.account,
    ],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: seeded.dataDir, LANG: 'zh_CN.UTF-8' } },
  )
  const firstManager = { ...FIRST_MANAGER, password: /^一次性密码：(\S+)$/m.exec(stdout)[1] }
  const server = await startServer({ env: { ...env, DATA_DIR: seeded.dataDir, SEED: '0' } })
  globalThis.__WEAPP_SERVER__ = {
    async stop() {
      await server.stop()
      fs.rmSync(seeded.dataDir, { recursive: true, force: true })
    },
  }
  fs.writeFileSync(SERVER_FILE, JSON.stringify({ url: server.url, dataDir: server.dataDir, firstManager }))
  process.env.WEAPP_SERVER_FILE = SERVER_FILE
  process.env.WEAPP_SERVER_URL = server.url
  process.env.WEAPP_FIRST_MANAGER = JSON.stringify(firstManager)
}
module.exports.SERVER_FILE = SERVER_FILE
