// `npm run setup -- --centre <name> --admin <account>`: a centre's first run. Creates the centre
// and its first manager on DATABASE_URL, or without it on a database it creates on PostgreSQL (named
// in .env then), or with --embedded in the embedded one of a stopped server; prints her one-time
// password once. Without options it asks for each value. Without BACKUP_KEY it makes one, in .env.
// With --reset-password <account>, gives that account of an existing centre a new one-time password
// instead (a manager nobody else can reset).
import { randomBytes } from 'node:crypto'
import { createInterface } from 'node:readline/promises'
import { parseArgs } from 'node:util'
import { loadConfig } from '../src/config.js'
import { DataFolderInUse, openDatabase } from '../src/db/index.js'
import { setInstallSetting } from '../src/lib/installSettings.js'
import { keepFilesPrivate } from '../src/lib/privateFiles.js'
import { keyIdOf } from '../src/services/backup/crypt.js'
import { shownUrl } from '../src/services/backup/postgres.js'
import { createCentreDatabase, localPostgres, PostgresUnavailable } from '../src/services/postgresInstall.js'
import {
  DEFAULT_MANAGER_NAME,
  newOneTimePassword,
  setUpCentre,
  SetupRefused,
  type NewCentre,
} from '../src/services/setup.js'

const USAGE = `Usage: npm run setup -- --centre <name> --admin <account> [--name <her name, default 店长>]
       [--time-zone <IANA zone, default Asia/Shanghai>] [--latitude <deg> --longitude <deg>] [--radius <metres, default 500>]
       [--postgres-admin <a superuser's URL>] [--database <name, default yuezi>] [--embedded]
Run without options to be asked for each value. Without DATABASE_URL it creates the centre's database
on PostgreSQL (this machine's when run as root, or the one --postgres-admin names) and writes its
DATABASE_URL into .env; --embedded keeps the centre in DATA_DIR instead (a very small centre).
       npm run setup -- --reset-password <account> [--embedded]
gives an account of the centre on DATABASE_URL (or, with --embedded, in DATA_DIR of a stopped server)
a new one-time password and ends its sessions: for a manager whose one has expired, or who forgot
hers, when no other administrator can reset it.`

const OPTIONS = {
  centre: { type: 'string' },
  admin: { type: 'string' },
  name: { type: 'string' },
  'time-zone': { type: 'string' },
  latitude: { type: 'string' },
  longitude: { type: 'string' },
  radius: { type: 'string' },
  'postgres-admin': { type: 'string' },
  database: { type: 'string' },
  embedded: { type: 'boolean' },
  'reset-password': { type: 'string' },
  help: { type: 'boolean' },
} as const

type Answers = Partial<
  Record<Exclude<keyof typeof OPTIONS, 'help' | 'embedded' | 'postgres-admin' | 'database' | 'reset-password'>, string>
>

class Invalid extends Error {}

/** Each value asked for on the terminal; an empty answer keeps the default. */
async function ask(): Promise<Answers> {
  const terminal = createInterface({ input: process.stdin, output: process.stdout })
  try {
    const answers: Answers = {}
    answers.centre = await terminal.question("The centre's name: ")
    answers.admin = await terminal.question("The first manager's account (she signs in with it): ")
    answers.name = await terminal.question(`Her name as records show it (empty: ${DEFAULT_MANAGER_NAME}): `)
    answers['time-zone'] = await terminal.question('Time zone (empty: Asia/Shanghai): ')
    answers.latitude = await terminal.question("The centre's latitude for ward rounds (empty: none yet): ")
    if (answers.latitude) answers.longitude = await terminal.question('Its longitude: ')
    answers.radius = await terminal.question('Metres around it that count as at the centre (empty: 500): ')
    return answers
  } finally {
    terminal.close()
  }
}

function number(value: string | undefined, what: string, min: number, max: number): number | undefined {
  if (!value) return undefined
  const parsed = Number(value)
  if (!Number.isFinite(parsed) || parsed < min || parsed > max)
    throw new Invalid(`${what} must be between ${min} and ${max}, got "${value}"`)
  return parsed
}

function centreOf(answers: Answers): NewCentre {
  const centre = answers.centre?.trim()
  const admin = answers.admin?.trim()
  if (!centre || !admin) throw new Invalid('Both --centre and --admin are needed')
  if (!/^[\w.@-]{2,64}$/.test(admin))
    throw new Invalid(`The account "${admin}" may hold only letters, digits and . _ @ - (2 to 64 of them)`)
  const timeZone = answers['time-zone']?.trim() || undefined
  if (timeZone) {
    try {
      new Intl.DateTimeFormat('en', { timeZone })
    } catch {
      throw new Invalid(`"${timeZone}" is no time zone: give an IANA name such as Asia/Shanghai`)
    }
  }
  const latitude = number(answers.latitude, 'The latitude', -90, 90)
  const longitude = number(answers.longitude, 'The longitude', -180, 180)
  if ((latitude === undefined) !== (longitude === undefined))
    throw new Invalid('Give both the latitude and the longitude, or neither')
  const radius = number(answers.radius, 'The radius', 1, 100_000)
  if (radius !== undefined && !Number.isInteger(radius))
    throw new Invalid(`The radius must be whole metres, got "${answers.radius}"`)
  return { centre, admin, adminName: answers.name?.trim() || undefined, timeZone, latitude, longitude, radius }
}

/**
 * Every backup is encrypted with BACKUP_KEY: without one, a new random key goes into .env (as
 * DATABASE_URL does), and the person setting up is told to keep a copy where the backups are not.
 */
async function makeBackupKey(): Promise<void> {
  if (process.env.BACKUP_KEY) return
  const envFile = process.env.INSTALL_ENV_FILE
  if (!envFile) {
    console.log(
      "BACKUP_KEY is not set: set one in the server's settings (openssl rand -base64 32) before the first backup, " +
        'and keep a copy away from the backups.',
    )
    return
  }
  const key = randomBytes(32)
  await setInstallSetting(envFile, 'BACKUP_KEY', key.toString('base64'))
  process.env.BACKUP_KEY = key.toString('base64')
  console.log(
    `Wrote a new BACKUP_KEY (key ${keyIdOf(key)}) into ${envFile}: every backup is encrypted with it, and without it ` +
      "none can be restored. Keep a copy away from the backups: printed in the centre's safe, or in a password manager.",
  )
}

const REFUSALS = {
  centreExists: (input: NewCentre) => `A centre named "${input.centre}" exists already: nothing was created`,
  accountExists: (input: NewCentre) => `An account "${input.admin}" exists already: nothing was created`,
}

async function main(): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({ options: OPTIONS, allowPositionals: false })
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`)
    return 1
  }
  if (parsed.values.help) {
    console.log(USAGE)
    return 0
  }
  const account = parsed.values['reset-password']
  if (account !== undefined) return resetPassword(account.trim(), parsed.values.embedded ?? false)
  const given = Object.keys(parsed.values).length > 0
  if (!given && !process.stdin.isTTY) {
    console.error(USAGE)
    return 1
  }
  let input: NewCentre
  try {
    input = centreOf(given ? parsed.values : await ask())
  } catch (error) {
    if (!(error instanceof Invalid)) throw error
    console.error(`${error.message}\n${USAGE}`)
    return 1
  }
  await makeBackupKey()
  // The demo data is never added here, whatever SEED says.
  let config = loadConfig({ ...process.env, SEED: '0' })
  if (!config.databaseUrl && !parsed.values.embedded) {
    const name = parsed.values.database ?? 'yuezi'
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) {
      console.error(`The database name "${name}" may hold only a-z, 0-9 and _\n${USAGE}`)
      return 1
    }
    let databaseUrl: string
    try {
      const adminUrl = parsed.values['postgres-admin']
      databaseUrl = await createCentreDatabase(adminUrl ? { url: adminUrl } : { local: localPostgres() }, name)
    } catch (error) {
      if (!(error instanceof PostgresUnavailable)) throw error
      console.error(error.message)
      return 1
    }
    const envFile = process.env.INSTALL_ENV_FILE
    if (envFile) {
      await setInstallSetting(envFile, 'DATABASE_URL', databaseUrl)
      console.log(`Created the database "${name}" on PostgreSQL; ${envFile} names it (DATABASE_URL).`)
    } else console.log(`Created the database "${name}" on PostgreSQL: set DATABASE_URL=${databaseUrl}`)
    config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl, SEED: '0' })
  }
  const database = await openDatabase(config)
  try {
    const created = await setUpCentre(database.db, input)
    const where = config.databaseUrl ? `on ${shownUrl(config.databaseUrl)}` : `in ${config.dataDir}`
    console.log(
      `Created the centre "${input.centre}" (site ${created.siteId}) ${where}, and its manager "${input.admin}".`,
    )
    console.log(
      `Her one-time password, shown this once: she signs in with it within ${config.oneTimePasswordHours} hours ` +
        '(ONE_TIME_PASSWORD_HOURS) and sets her own at once; after that, --reset-password gives her a new one.',
    )
    console.log(`password: ${created.password}`)
    return 0
  } catch (error) {
    if (!(error instanceof SetupRefused)) throw error
    console.error(REFUSALS[error.reason](input))
    return 1
  } finally {
    await database.close()
  }
}

/** A new one-time password for `account`, on the centre's database, printed once. */
async function resetPassword(account: string, embedded: boolean): Promise<number> {
  const config = loadConfig({ ...process.env, SEED: '0' })
  if (!config.databaseUrl && !embedded) {
    console.error(`Set DATABASE_URL to the centre's database, or give --embedded for DATA_DIR\n${USAGE}`)
    return 1
  }
  const database = await openDatabase(config)
  try {
    const password = await newOneTimePassword(database.db, account)
    if (password === undefined) {
      console.error(`There is no account "${account}" that signs in (ended or never made): nothing was changed`)
      return 1
    }
    console.log(
      `"${account}" has a new one-time password, shown this once: she signs in with it within ` +
        `${config.oneTimePasswordHours} hours (ONE_TIME_PASSWORD_HOURS) and sets her own at once.`,
    )
    console.log(`password: ${password}`)
    return 0
  } finally {
    await database.close()
  }
}

keepFilesPrivate()
try {
  process.exitCode = await main()
} catch (error) {
  // A running server holds the data folder: the message says what to do, a stack trace would bury it.
  if (!(error instanceof DataFolderInUse)) throw error
  console.error(error.message)
  process.exitCode = 1
}
