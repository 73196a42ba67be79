import fp from 'fastify-plugin'
import type { Config } from '../config.js'
import { openDatabase, type Database, type OpenOptions } from '../db/index.js'
import { sites } from '../db/schema.js'
import type { Db } from '../db/types.js'
import { isTimeZone } from '../lib/dates.js'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    /** Hears every committed change of a session, an account or a site, by any instance or by hand. */
    onDatabaseChange: Database['onChange']
    /** Resolves once every other instance has heard the changes this one committed so far. */
    changesHeardEverywhere: Database['heardEverywhere']
    /** The embedded database's snapshot for a backup; undefined on PostgreSQL. */
    databaseSnapshot: Database['snapshot']
  }
}

export interface DbPluginOptions {
  config: Config
  /** What runs once the schema is up to date (see openDatabase): the demo data, when asked for. */
  afterMigrate?: OpenOptions['afterMigrate']
}

export default fp<DbPluginOptions>(
  async (app, { config, afterMigrate }) => {
    const onConnectionLost = (err: Error) => app.log.warn({ err }, 'database connection lost')
    const database = await openDatabase(config, { onConnectionLost, afterMigrate })
    app.decorate('db', database.db)
    app.decorate('onDatabaseChange', database.onChange)
    app.decorate('changesHeardEverywhere', database.heardEverywhere)
    app.decorate('databaseSnapshot', database.snapshot)
    // A mistyped zone would count the site's days at the default offset: say so at start.
    for (const site of await database.db.select({ id: sites.id, timeZone: sites.timeZone }).from(sites)) {
      if (!isTimeZone(site.timeZone))
        app.log.warn({ site: site.id, timeZone: site.timeZone }, 'unknown time zone: days are counted at UTC+8')
    }
    app.addHook('onClose', () => database.close())
  },
  { name: 'db' },
)
