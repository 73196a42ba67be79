// `npm run backup`: one backup file (server/scripts/backup.ts) with the install's settings.
import { runCommand } from './lib/buildServer.mjs'

await runCommand('backup')
