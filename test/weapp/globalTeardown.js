// Stops the server globalSetup started and removes its data folder and address file. The data is
// thrown away, so the server is simply killed (stop() would leave a 10 s timer holding jest open).
const fs = require('fs')

module.exports = async function globalTeardown() {
  const server = globalThis.__WEAPP_SERVER__
  if (server) {
    await server.kill()
    fs.rmSync(server.dataDir, { recursive: true, force: true })
  }
  if (process.env.WEAPP_SERVER_FILE) fs.rmSync(process.env.WEAPP_SERVER_FILE, { force: true })
}
