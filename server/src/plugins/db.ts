import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '#server/config.js';
import { openDatabase, type Database, type Db } from '#server/db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    db: Db;
  }
}

/**
 * Opens PostgreSQL or embedded PGlite (in DATA_DIR/pglite) and applies the migrations.
 *
 * `buildApp` calls this before it registers the plugin below, outside Fastify's plugin timer
 * (10 s): the embedded database's first start (initdb, then every migration) takes longer than
 * that on a busy machine, and a start must not fail for being slow.
 */
export async function openAppDatabase(
  config: Config,
  log: FastifyBaseLogger,
  database?: Database,
): Promise<Database> {
  const started = performance.now();
  if (!database) {
    const pgliteDir = path.join(config.dataDir, 'pglite');
    if (config.databaseUrl) {
      log.info('opening the PostgreSQL database');
    } else if (fs.existsSync(path.join(pgliteDir, 'PG_VERSION'))) {
      log.info(`opening the embedded database in ${pgliteDir}`);
    } else {
      log.info(`creating the embedded database in ${pgliteDir}, first start takes a while`);
    }
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir,
      onIdleError: (error) => log.warn({ err: error }, 'idle database connection lost'),
    });
  }
  await database.migrate();
  log.info(
    { database: database.kind, ms: Math.round(performance.now() - started) },
    'database ready',
  );
  return database;
}

/** Hands the open database to every route; closes it with the app when the app opened it. */
export default fp(
  async function db(app: FastifyInstance, opts: { database: Database; closeOnClose: boolean }) {
    app.decorate('database', opts.database);
    app.decorate('db', opts.database.db);
    if (opts.closeOnClose) app.addHook('onClose', () => opts.database.close());
  },
  { name: 'db' },
);
