import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { signIn, signInOnLoginPage } from './support/accounts';
import {
  recreateDatabase,
  resetDataDir,
  spawnServer,
  stopServer,
  waitUntilReady,
} from './support/server';

// Issue 18, 'Dead ends and missing controls', points 1 and 2 (decision 027).

test.describe('the menu buttons', () => {
  const quickActions = (page: Page) => page.getByRole('group', { name: 'Quick actions' });

  for (const username of ['owner', 'contact', 'partner']) {
    test(`${username} is not offered 'New Trade Partner', which is for staff`, async ({ page }) => {
      await signIn(page, username);
      await expect(quickActions(page).getByRole('link', { name: 'New Order' })).toBeVisible();
      await expect(quickActions(page).getByRole('link', { name: 'New Shipment' })).toBeVisible();
      await expect(quickActions(page).getByRole('link', { name: 'New Trade Partner' })).toHaveCount(
        0,
      );
    });
  }

  test("staff are offered 'New Trade Partner', and it opens", async ({ page }) => {
    await signIn(page, 'employee');
    await quickActions(page).getByRole('link', { name: 'New Trade Partner' }).click();
    await expect(page).toHaveURL(/\/partners\/new$/);
    await expect(page.getByRole('heading', { name: 'New Trade Partner' })).toBeVisible();
  });
});

// A server of its own: the journey accepts the demo company's terms, and then makes that an
// acceptance of an older version while the server is stopped, as a release with new terms finds it.
const port = 8511;
const dataDir = 'test-results/e2e-dead-ends-data';
const company = 'Van Dijk Logistics B.V.';

/** Marks the company's acceptance as one of version 0.9, in the stopped server's database. */
async function acceptanceBecomesOlder(databaseUrl: string | undefined) {
  const statement = `update trade_partners set terms_version = '0.9' where name = '${company}'`;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
    return;
  }
  const db = await PGlite.create(`${dataDir}/pglite`, { extensions: { pg_trgm } });
  await db.query(statement);
  await db.close();
}

test('an owner reads and accepts the terms where the badge shows; new terms ask again', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await resetDataDir(dataDir);
  const databaseUrl = process.env.DATABASE_URL
    ? await recreateDatabase(process.env.DATABASE_URL, 'nt24_e2e_dead_ends')
    : undefined;
  const options = { port, dataDir, ...(databaseUrl ? { databaseUrl } : {}) };
  const base = `http://localhost:${port}`;
  const badge = (text: string) => page.locator('.app-page-header .badge', { hasText: text });

  let server = spawnServer(options);
  try {
    await waitUntilReady(port);
    await page.goto(`${base}/partners`);
    await signInOnLoginPage(page, 'owner');

    // The list: the badge, and beside it the way to accept.
    const row = page.getByRole('row').filter({ hasText: company });
    await expect(row.getByText('Terms not accepted')).toBeVisible();
    await expect(
      row.getByRole('button', { name: `Read and accept the terms of ${company}` }),
    ).toBeVisible();

    // The partner's page: read the terms, then accept them.
    await row.getByRole('link', { name: company, exact: true }).click();
    await expect(badge('Terms not accepted')).toBeVisible();
    await page.getByRole('button', { name: `Read and accept the terms of ${company}` }).click();
    const dialog = page.getByRole('dialog', {
      name: 'Terms and conditions of the NT24 Trade Partner Portal',
    });
    await expect(dialog.getByText('Version 1.0', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Know your customer' })).toBeVisible();
    await expect(dialog.getByText(`${company} has not accepted the terms yet.`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Accept the terms' }).click();
    await expect(dialog).toBeHidden();
    await expect(badge('Terms accepted')).toBeVisible();
    await expect(badge('Terms not accepted')).toHaveCount(0);
    await page.getByRole('button', { name: `Read the terms of ${company}` }).click();
    await expect(dialog.getByText(/^Version 1\.0 accepted by Olivia Smit on /)).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).last().click();

    await page.goto(`${base}/partners`);
    await expect(row.getByText('Terms accepted')).toBeVisible();
    await expect(row.getByRole('button')).toHaveCount(0);

    // New terms came out since: the acceptance is of an older version.
    await stopServer(server);
    await acceptanceBecomesOlder(databaseUrl);
    server = spawnServer(options);
    await waitUntilReady(port);

    await page.goto(`${base}/partners`);
    await expect(row.getByText('Terms not accepted')).toBeVisible();
    await row.getByRole('button', { name: `Read and accept the terms of ${company}` }).click();
    await expect(
      dialog.getByText(
        /^Version 0\.9 was accepted on .+\. The terms have changed since and must be accepted again\.$/,
      ),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Accept the terms' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Terms accepted')).toBeVisible();
  } finally {
    await stopServer(server);
  }
});
