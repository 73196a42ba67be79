// `npm run move-to-postgres`: the embedded database moved into PostgreSQL (server/scripts/moveToPostgres.ts).
import { runCommand } from './lib/buildServer.mjs'

await runCommand('moveToPostgres')
