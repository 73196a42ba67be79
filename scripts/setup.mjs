// `npm run setup`: a centre's first run (server/scripts/setup.ts) with the install's settings, as
// `npm run start:prod` reads them. In production node runs what `npm run build` compiled, no tsx; in
// development tsx runs the sources, so the script always matches them.
import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { readInstallSettings, SETUP_BUILD } from './lib/buildServer.mjs'

readInstallSettings()

if (process.env.NODE_ENV === 'production') {
  if (!existsSync(SETUP_BUILD)) {
    console.error('Missing the compiled server: run `npm run build` first, then `npm run setup`.')
    process.exit(1)
  }
  await import(pathToFileURL(SETUP_BUILD).href)
} else {
  const { register } = await import('tsx/esm/api')
  register()
  await import('../server/scripts/setup.ts')
}
