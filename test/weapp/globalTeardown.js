// Stops the server globalSetup started and removes its data folder and address file.
const fs = require('fs')

module.exports = async function globalTeardown() {
  const server = globalThis.__WEAPP_SERVER__
  if (server) {
    await server.stop()
  }
  if (process.env.WEAPP_SERVER_FILE) fs.rmSync(process.env.WEAPP_SERVER_FILE, { force: true })
}
