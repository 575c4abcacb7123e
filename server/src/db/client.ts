import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { projectRoot } from '#server/project-root.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Applies the committed migrations; safe when several processes start at once. */
  migrate(): Promise<void>;
  /** True when the database answers and every committed migration is applied. */
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(projectRoot, 'server/drizzle');
/** Any fixed number: every process that migrates takes this advisory lock first. */
const MIGRATION_LOCK = 424242;

function expectedMigrations(): number {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  return journal.entries.length;
}

async function appliedMigrations(db: Db): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  )) as { rows: { count: number }[] };
  return result.rows[0]?.count ?? 0;
}

/**
 * PostgreSQL when a connection string is given; otherwise embedded PGlite, kept in `pgliteDir`
 * (or in memory when that is undefined, as the tests do).
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  pgliteDir?: string | undefined;
  /**
   * An in-memory PGlite starts as a copy of this dump of a data folder (`dumpDataDir`): the
   * tests' migrated database, seconds faster than creating and migrating one each time.
   */
  pgliteFrom?: Blob | undefined;
  /** Told of errors on idle connections (the server restarted or ended them). */
  onIdleError?: (error: Error) => void;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // Without a listener, an idle connection that the server ends (a restart, a failover,
    // an administrator) would crash the process. The pool replaces it on the next query.
    pool.on('error', (error) => options.onIdleError?.(error));
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
          client.release();
        }
      },
      ready: () => isReady(db),
      close: () => pool.end(),
    };
  }
  if (options.pgliteDir) fs.mkdirSync(options.pgliteDir, { recursive: true });
  // pg_trgm: fuzzy company-name matching, as on PostgreSQL.
  const client = options.pgliteFrom
    ? await PGlite.create({ loadDataDir: options.pgliteFrom, extensions: { pg_trgm } })
    : await PGlite.create(options.pgliteDir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    },
    ready: () => isReady(db),
    close: () => client.close(),
  };
}

async function isReady(db: Db): Promise<boolean> {
  try {
    return (await appliedMigrations(db)) >= expectedMigrations();
  } catch {
    return false;
  }
}
