// `npm run setup`: a centre's first run (server/scripts/setup.ts) with the install's settings.
import { runCommand } from './lib/buildServer.mjs'

await runCommand('setup')
