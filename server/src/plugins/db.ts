import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '#server/config.js';
import { openDatabase, type Database, type Db } from '#server/db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    db: Db;
  }
}

/** Opens PostgreSQL or embedded PGlite, applies migrations, closes with the app. */
export default fp(
  async function db(app: FastifyInstance, opts: { config: Config; database?: Database }) {
    const database =
      opts.database ??
      (await openDatabase({
        databaseUrl: opts.config.databaseUrl,
        pgliteDir: path.join(opts.config.dataDir, 'pglite'),
        onIdleError: (error) => app.log.warn({ err: error }, 'idle database connection lost'),
      }));
    await database.migrate();
    app.log.info({ database: database.kind }, 'database ready');
    app.decorate('database', database);
    app.decorate('db', database.db);
    if (!opts.database) app.addHook('onClose', () => database.close());
  },
  { name: 'db' },
);
