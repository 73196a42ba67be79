// `npm run restore -- <file>`: a backup checked or restored (server/scripts/restore.ts) with the install's settings.
import { runCommand } from './lib/buildServer.mjs'

await runCommand('restore')
