import type { ChildProcess } from 'node:child_process';
import { test } from './test';
import { recreateDatabase, resetDataDir, spawnServer, stopServer, waitUntilReady } from './server';

/**
 * Runs the spec's journeys on a server of their own, on `port`: on a fresh data directory, and
 * on a fresh PostgreSQL database `database` when DATABASE_URL names a server. For journeys that
 * read the demo data as a first start seeds it, which the journeys on the shared server change.
 * The server starts before the spec's first test and stops after its last.
 */
export function useOwnServer(port: number, database: string) {
  const dataDir = `test-results/${database}-data`;
  test.use({ baseURL: `http://localhost:${port}` });
  let server: ChildProcess | undefined;
  test.beforeAll(async () => {
    await resetDataDir(dataDir);
    const databaseUrl = process.env.DATABASE_URL
      ? await recreateDatabase(process.env.DATABASE_URL, database)
      : undefined;
    server = spawnServer({ port, dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
    await waitUntilReady(port);
  });
  test.afterAll(async () => {
    if (server) await stopServer(server);
  });
}
