/**
 * The server the browser journeys run against: the production server on a fresh data
 * directory, and on a fresh PostgreSQL database when DATABASE_URL names a server.
 */
import { recreateDatabase, resetDataDir, spawnServer, stopServer } from './support/server';

const port = Number(process.env.PORT ?? 8180);
const dataDir = 'test-results/e2e-data';

await resetDataDir(dataDir);
const databaseUrl = process.env.DATABASE_URL
  ? await recreateDatabase(process.env.DATABASE_URL, `nt24_e2e_${port}`)
  : undefined;
const child = spawnServer({
  port,
  dataDir,
  ...(databaseUrl ? { databaseUrl } : {}),
  // The journeys sign in from one address far more often than people do (decision 025).
  env: { RATE_LIMIT_SIGN_IN_PER_MINUTE: '300' },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void stopServer(child).then(() => process.exit(0)));
}
child.once('exit', (code) => process.exit(code ?? 1));
