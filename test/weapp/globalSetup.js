// Starts the real API server once for the whole simulator suite (a fresh embedded database with
// the demo data) and hands its address to the test files through an env var and a temp file.
const fs = require('fs')
const os = require('os')
const path = require('path')

const SERVER_FILE = path.join(os.tmpdir(), `wt-weapp-suite-server-${process.pid}.json`)

module.exports = async function globalSetup() {
  const { startServer } = await import('../../scripts/lib/server.mjs')
  // The suite signs in far more often than a person: the login rate limit (tested by the server's
  // own tests) is raised so that it never answers instead of the password check.
  const server = await startServer({ env: { LOG_LEVEL: 'warn', LOGIN_RATE_MAX: '1000' } })
  globalThis.__WEAPP_SERVER__ = server
  fs.writeFileSync(SERVER_FILE, JSON.stringify({ url: server.url, dataDir: server.dataDir }))
  process.env.WEAPP_SERVER_FILE = SERVER_FILE
  process.env.WEAPP_SERVER_URL = server.url
}
module.exports.SERVER_FILE = SERVER_FILE
