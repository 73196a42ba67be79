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
import { setInstallSetting } from '../src/lib/installSettings.js'
import { keepFilesPrivate } from '../src/lib/privateFiles.js'
import { commandTranslator } from '../src/plugins/i18n.js'
import { keyIdOf } from '../src/services/backup/crypt.js'
import type { NewCentre } from '../src/services/setup.js'
import { DEFAULT_MANAGER_NAME } from '../src/services/setupNames.js'

// What reaches a database loads once the options are understood: a mistyped option, --help or a
// question is answered at once.
const databases = () => import('../src/db/index.js')
const centres = () => import('../src/services/setup.js')

const t = commandTranslator()
const USAGE = t('command.setup.usage', { defaultName: DEFAULT_MANAGER_NAME })

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
    answers.centre = await terminal.question(t('command.setup.ask.centre'))
    answers.admin = await terminal.question(t('command.setup.ask.admin'))
    answers.name = await terminal.question(t('command.setup.ask.name', { defaultName: DEFAULT_MANAGER_NAME }))
    answers['time-zone'] = await terminal.question(t('command.setup.ask.timeZone'))
    answers.latitude = await terminal.question(t('command.setup.ask.latitude'))
    if (answers.latitude) answers.longitude = await terminal.question(t('command.setup.ask.longitude'))
    answers.radius = await terminal.question(t('command.setup.ask.radius'))
    return answers
  } finally {
    terminal.close()
  }
}

function number(value: string | undefined, what: string, min: number, max: number): number | undefined {
  if (!value) return undefined
  const parsed = Number(value)
  if (!Number.isFinite(parsed) || parsed < min || parsed > max)
    throw new Invalid(t('command.setup.outOfRange', { what: t(what), min, max, value }))
  return parsed
}

function centreOf(answers: Answers): NewCentre {
  const centre = answers.centre?.trim()
  const admin = answers.admin?.trim()
  if (!centre || !admin) throw new Invalid(t('command.setup.centreAndAdmin'))
  if (!/^[\w.@-]{2,64}$/.test(admin)) throw new Invalid(t('command.setup.accountCharacters', { account: admin }))
  const timeZone = answers['time-zone']?.trim() || undefined
  if (timeZone) {
    try {
      new Intl.DateTimeFormat('en', { timeZone })
    } catch {
      throw new Invalid(t('command.setup.timeZone', { timeZone }))
    }
  }
  const latitude = number(answers.latitude, 'command.setup.latitude', -90, 90)
  const longitude = number(answers.longitude, 'command.setup.longitude', -180, 180)
  if ((latitude === undefined) !== (longitude === undefined)) throw new Invalid(t('command.setup.bothCoordinates'))
  const radius = number(answers.radius, 'command.setup.radius', 1, 100_000)
  if (radius !== undefined && !Number.isInteger(radius))
    throw new Invalid(t('command.setup.wholeMetres', { value: answers.radius as string }))
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
    console.log(t('command.setup.noBackupKey'))
    return
  }
  const key = randomBytes(32)
  await setInstallSetting(envFile, 'BACKUP_KEY', key.toString('base64'))
  process.env.BACKUP_KEY = key.toString('base64')
  console.log(t('command.setup.backupKeyWritten', { keyId: keyIdOf(key), file: envFile }))
}

const REFUSALS = {
  centreExists: (input: NewCentre) => t('command.setup.centreExists', { centre: input.centre }),
  accountExists: (input: NewCentre) => t('command.setup.accountExists', { account: input.admin }),
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
  const [
    { openDatabase },
    { setUpCentre, SetupRefused },
    { shownUrl },
    { createCentreDatabase, localPostgres, PostgresUnavailable },
  ] = await Promise.all([
    databases(),
    centres(),
    import('../src/services/backup/postgres.js'),
    import('../src/services/postgresInstall.js'),
  ])
  await makeBackupKey()
  // The demo data is never added here, whatever SEED says.
  let config = loadConfig({ ...process.env, SEED: '0' })
  if (!config.databaseUrl && !parsed.values.embedded) {
    const name = parsed.values.database ?? 'yuezi'
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) {
      console.error(`${t('command.setup.databaseName', { name })}\n${USAGE}`)
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
      console.log(t('command.setup.databaseCreatedInFile', { name, file: envFile }))
    } else console.log(t('command.setup.databaseCreated', { name, url: databaseUrl }))
    config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl, SEED: '0' })
  }
  const database = await openDatabase(config)
  try {
    const created = await setUpCentre(database.db, input)
    const made = { centre: input.centre, siteId: created.siteId, account: input.admin }
    console.log(
      config.databaseUrl
        ? t('command.setup.createdOnPostgres', { ...made, url: shownUrl(config.databaseUrl) })
        : t('command.setup.createdEmbedded', { ...made, dir: config.dataDir }),
    )
    console.log(t('command.setup.oneTimePassword', { hours: config.oneTimePasswordHours }))
    console.log(t('command.setup.password', { password: created.password }))
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
    console.error(`${t('command.setup.resetNeedsDatabase')}\n${USAGE}`)
    return 1
  }
  const [{ openDatabase }, { newOneTimePassword }] = await Promise.all([databases(), centres()])
  const database = await openDatabase(config)
  try {
    const password = await newOneTimePassword(database.db, account)
    if (password === undefined) {
      console.error(t('command.setup.noSuchAccount', { account }))
      return 1
    }
    console.log(t('command.setup.passwordReset', { account, hours: config.oneTimePasswordHours }))
    console.log(t('command.setup.password', { password }))
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
  if (!(error instanceof (await databases()).DataFolderInUse)) throw error
  console.error(error.message)
  process.exitCode = 1
}
