import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import pg from 'pg';

export interface ServerOptions {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  /** More environment for the server (a document store, a log level). */
  env?: Record<string, string>;
}

/** A fresh, empty PostgreSQL database of this name on the server DATABASE_URL points at. */
export async function recreateDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function resetDataDir(dataDir: string): Promise<void> {
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.mkdir(dataDir, { recursive: true });
}

/**
 * Runs the server with production settings as a child process, from its TypeScript sources
 * through tsx rather than the compiled `build/` that `npm start` runs: the journeys need only
 * `npx vite build`, which does not refresh `build/`, and must never run a stale server.
 * scripts/start-check.ts starts the compiled one.
 */
export function spawnServer(options: ServerOptions): ChildProcess {
  // The database is the caller's choice, never the one the test runner happens to have.
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  return spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...inherited,
      NODE_ENV: 'production',
      ALLOW_DEMO_ACCOUNTS: 'true',
      LOG_LEVEL: 'warn',
      PORT: String(options.port),
      PUBLIC_URL: `http://localhost:${options.port}`,
      DATA_DIR: options.dataDir,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...options.env,
    },
  });
}

export async function waitUntilReady(port: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://localhost:${port}/api/ready`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server on port ${port} was not ready within ${timeoutMs} ms`);
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
