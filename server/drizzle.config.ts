import { defineConfig } from 'drizzle-kit'

// `npm run db:generate -w server` turns changes of the schema into a new SQL migration.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
})
