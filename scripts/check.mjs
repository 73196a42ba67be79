// `npm run check`: the database's integrity check (server/scripts/check.ts) with the install's settings.
import { runCommand } from './lib/buildServer.mjs'

await runCommand('check')
