import { expect, test } from './support/test';
import {
  recreateDatabase,
  resetDataDir,
  spawnServer,
  stopServer,
  waitUntilReady,
} from './support/server';
import { signInOnLoginPage } from './support/accounts';

const port = 8181;
const dataDir = 'test-results/e2e-restart-data';

test('a restart keeps the data and the signed-in session', async ({ page }) => {
  test.setTimeout(120_000);
  await resetDataDir(dataDir);
  const databaseUrl = process.env.DATABASE_URL
    ? await recreateDatabase(process.env.DATABASE_URL, 'nt24_e2e_restart')
    : undefined;
  const options = { port, dataDir, ...(databaseUrl ? { databaseUrl } : {}) };
  const base = `http://localhost:${port}`;

  let server = spawnServer(options);
  try {
    await waitUntilReady(port);
    await page.goto(`${base}/dashboard`);
    await signInOnLoginPage(page, 'manager');
    await expect(page.getByRole('heading', { name: 'Welcome, Mark de Vries' })).toBeVisible();

    await stopServer(server);
    server = spawnServer(options);
    await waitUntilReady(port);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome, Mark de Vries' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toHaveCount(0);
  } finally {
    await stopServer(server);
  }
});
