import { networkInterfaces } from 'node:os'
import { buildApp } from './app.js'
import { loadConfig } from './config.js'
import { keepFilesPrivate } from './lib/privateFiles.js'

keepFilesPrivate()
const config = loadConfig()
const app = await buildApp(config)
await app.listen({ port: config.port, host: config.host })

const shownHost = ['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host
console.log(`Ready: http://${shownHost}:${config.port}`)
// The mini program cannot use the page's origin: it is built with the server's address. WeChat
// DevTools on this machine reaches 127.0.0.1; a phone previewing it needs the LAN address.
const lan = Object.values(networkInterfaces())
  .flat()
  .find((address) => address && address.family === 'IPv4' && !address.internal)?.address
console.log(`Mini program for WeChat DevTools here: PORT=${config.port} npm run build:weapp`)
if (lan && ['0.0.0.0', '::'].includes(config.host)) {
  console.log(`On the local network: http://${lan}:${config.port}`)
  console.log(
    `Mini program for a phone on this network: TARO_APP_API_BASE=http://${lan}:${config.port} npm run build:weapp`,
  )
}
if (config.seed) {
  const { DEMO_ACCOUNTS, SITE_NAMES } = await import('./demo/seed.js')
  console.log('Demo accounts (account / password, site):')
  for (const demo of DEMO_ACCOUNTS) {
    const note = demo.mustChangePassword ? ' (must change the password at first login)' : ''
    console.log(`  ${demo.account} / ${demo.password}  ${demo.sites.map((i) => SITE_NAMES[i]).join(', ')}${note}`)
  }
}

// SIGTERM is how a deployment stops one instance behind a load balancer: it first drains (says it is
// not ready, serves on), then stops listening, finishes the requests under way, closes the
// database and exits. Nothing already sent to it is refused or cut off. Ctrl-C stops at once.
async function stop(drainMs: number) {
  app.drain()
  await new Promise((resolve) => setTimeout(resolve, drainMs))
  await app.close()
  process.exit(0)
}
process.once('SIGTERM', () => void stop(config.shutdownDrainMs))
process.once('SIGINT', () => void stop(0))
