import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import pg from 'pg';
import { buildApp, seedDemoData, type App, type BuildOptions } from '#server/app.js';
import { loadConfig, type Config } from '#server/config.js';
import { openDatabase, type Database } from '#server/db/client.js';
import { loadOrCreateIdpKeys, type IdpKeys } from '#server/idp/keys.js';
import { projectRoot } from '#server/project-root.js';
import { audited, recordToken } from './log-audit.js';
import { startS3Server } from './s3-server.js';

export type DatabaseTarget = 'pglite' | 'postgres';

/**
 * Server tests run against embedded PGlite always, and against the PostgreSQL server named by
 * TEST_DATABASE_URL (or DATABASE_URL) when one is given, each file in a database of its own.
 */
export function databaseTargets(): DatabaseTarget[] {
  return adminUrl() ? ['pglite', 'postgres'] : ['pglite'];
}

function adminUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
}

/** A hash of the committed migrations: a new migration makes new copies to start from. */
let migrationsHash: Promise<string> | undefined;
function hashOfMigrations(): Promise<string> {
  migrationsHash ??= (async () => {
    const folder = path.join(projectRoot, 'server/drizzle');
    const hash = createHash('sha256');
    for (const name of (await fs.readdir(folder, { recursive: true })).sort()) {
      const file = path.join(folder, name);
      if ((await fs.stat(file)).isFile()) hash.update(name).update(await fs.readFile(file));
    }
    return hash.digest('hex').slice(0, 16);
  })();
  return migrationsHash;
}

/**
 * The migrated PGlite every test server starts from, as a dump of its data folder. Creating a
 * PGlite runs initdb (6 to 8 seconds); loading a dump takes one. It is kept in the temporary
 * folder under the migrations' hash, so each worker's files share it. Two workers that make it
 * at once each write their own and rename it into place.
 */
async function migratedPglite(): Promise<Blob> {
  const dump = path.join(os.tmpdir(), `nt24-pglite-${await hashOfMigrations()}.tar`);
  const kept = await fs.readFile(dump).catch(() => undefined);
  if (kept) return new Blob([kept]);
  const database = await openDatabase({});
  await database.migrate();
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const made = await client.dumpDataDir('none');
  await database.close();
  const partial = `${dump}.${randomBytes(4).toString('hex')}`;
  await fs.writeFile(partial, Buffer.from(await made.arrayBuffer()));
  await fs.rename(partial, dump);
  return made;
}

/** Any fixed number: the workers take this advisory lock to make the template database. */
const TEMPLATE_LOCK = 424243;

/**
 * The migrated PostgreSQL database scratch databases are copied from (CREATE DATABASE …
 * TEMPLATE), made once per set of migrations under an advisory lock; nothing stays connected
 * to it, as a template requires.
 */
async function migratedTemplate(admin: pg.Client): Promise<string> {
  const name = `nt24_template_${await hashOfMigrations()}`;
  await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await admin.query(`create database ${name}`);
      const url = new URL(adminUrl()!);
      url.pathname = `/${name}`;
      const database = await openDatabase({ databaseUrl: url.toString() });
      try {
        await database.migrate();
      } catch (error) {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        throw error;
      }
      await database.close();
    }
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
  }
  return name;
}

async function createScratchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = adminUrl()!;
  const name = `nt24_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${await migratedTemplate(admin)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface TestServer {
  app: App;
  config: Config;
  keys: IdpKeys;
  database: Database;
  /** A signed access token as the development provider issues it. */
  token(claims?: TokenClaims, options?: SignOptions): Promise<string>;
  close(): Promise<void>;
}

export interface TokenClaims extends JWTPayload {
  preferred_username?: string;
  email?: string;
  given_name?: string;
  family_name?: string;
  realm_access?: { roles: string[] };
}

export interface SignOptions {
  /** Sign with this private JWK instead of the provider's key. */
  key?: JWK;
  expiresIn?: string | number;
}

export interface TestServerOptions extends Pick<BuildOptions, 'onRoute'> {
  /** Seed the demo companies and KYC files, as the process start does; a test's app has none. */
  demoData?: boolean;
}

export async function startTestServer(
  target: DatabaseTarget,
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nt24-test-'));
  // While the run's log is audited (log-audit.ts), the server logs into it.
  const audit = audited();
  const scratch = target === 'postgres' ? await createScratchDatabase() : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: audit?.level ?? 'silent',
    DATA_DIR: dataDir,
    STATIC_DIR: '',
    PUBLIC_URL: 'http://localhost:8080',
    // Tests call far faster than people do; the rate limits' own tests set them low.
    RATE_LIMIT_PERSON_PER_MINUTE: '1000000',
    RATE_LIMIT_ADDRESS_PER_MINUTE: '1000000',
    RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000000',
    RATE_LIMIT_SELF_SERVICE_ADDRESS_PER_MINUTE: '1000000',
    RATE_LIMIT_SELF_SERVICE_LINK_PER_MINUTE: '1000000',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...env,
  });
  // In-memory PGlite for speed, a copy of the migrated one; PostgreSQL in its scratch database.
  const database = await openDatabase(
    scratch ? { databaseUrl: config.databaseUrl } : { pgliteFrom: await migratedPglite() },
  );
  const app = await buildApp(config, {
    database,
    onRoute: (route) => {
      audit?.build.onRoute(route);
      options.onRoute?.(route);
    },
    ...(audit ? { logStream: audit.build.logStream } : {}),
  });
  if (options.demoData) await seedDemoData(app, config);
  await app.ready();
  const keys = await loadOrCreateIdpKeys(dataDir);

  return {
    app,
    config,
    keys,
    database,
    token: (claims = {}, options = {}) => signToken(config, keys, claims, options),
    async close() {
      await app.close();
      await database.close();
      await scratch?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function signToken(
  config: Config,
  keys: IdpKeys,
  claims: TokenClaims,
  options: SignOptions = {},
): Promise<string> {
  const jwk = options.key ?? keys.privateJwks.keys[0]!;
  const key = await importJWK(jwk, 'RS256');
  const token = await new SignJWT({ realm_access: { roles: [] }, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid ?? 'test', typ: 'JWT' })
    .setIssuer(config.oidc.issuer)
    .setAudience(config.oidc.audience)
    .setSubject(claims.sub ?? randomUUID())
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '5m')
    .sign(key);
  recordToken(token, 'bearer token (signed by the test harness)');
  return token;
}

/** Claims of a person with the given realm roles. */
export function person(username: string, roles: string[], sub: string = randomUUID()): TokenClaims {
  return {
    sub,
    preferred_username: username,
    email: `${username}@nt24.example`,
    given_name: username[0]!.toUpperCase() + username.slice(1),
    family_name: 'Tester',
    realm_access: { roles },
  };
}

export type StorageTarget = 'local' | 's3';

/**
 * Document tests run against both stores: the local folder, and S3 as spoken by s3rver in a
 * child process (see s3-server.ts). Neither needs anything installed, so both always run.
 */
export function storageTargets(): StorageTarget[] {
  return ['local', 's3'];
}

export interface StorageEnv {
  /** Variables for startTestServer's `env`; empty for the local store (DATA_DIR/documents). */
  env: Record<string, string>;
  /** Stops the S3 server, if one was started. Call after closing the app. */
  stop(): Promise<void>;
}

/** Starts what the storage target needs (s3rver for 's3') and answers the env that selects it. */
export async function storageEnv(target: StorageTarget): Promise<StorageEnv> {
  if (target === 'local') return { env: {}, stop: async () => undefined };
  const s3 = await startS3Server();
  return { env: s3.env, stop: () => s3.stop() };
}

/**
 * A test server on the given database and document store; `close()` also stops the S3 server.
 *
 *   describe.each(storageTargets())('documents on %s', (storage) => {
 *     let server: TestServer;
 *     beforeAll(async () => { server = await startTestServerWithStorage('pglite', storage); });
 *     afterAll(() => server?.close());
 *   });
 */
export async function startTestServerWithStorage(
  database: DatabaseTarget,
  storage: StorageTarget,
  env: Record<string, string> = {},
): Promise<TestServer> {
  const store = await storageEnv(storage);
  let server: TestServer;
  try {
    server = await startTestServer(database, { ...store.env, ...env });
  } catch (error) {
    await store.stop();
    throw error;
  }
  return {
    ...server,
    async close() {
      await server.close();
      await store.stop();
    },
  };
}
