import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { openDatabase, type Db } from '../db/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const database = await openDatabase(config, (err) => app.log.warn({ err }, 'database connection lost'));
    app.decorate('db', database.db);
    app.addHook('onClose', () => database.close());
  },
  { name: 'db' },
);
