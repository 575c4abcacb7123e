/**
 * Lighthouse (mobile, its defaults) on the signed-in dashboard (issue 16), against the built
 * app as the production server sends it.
 *
 *   npx vite build && npm run bench:lighthouse     (or: npx tsx bench/lighthouse.ts [runs])
 *
 * Starts the server on a fresh data folder (LIGHTHOUSE_PORT, 8390 unless set), starts Debian's
 * chromium (CHROME_PATH, /usr/bin/chromium unless set) with a debugging port, signs in as the
 * demo manager with Playwright through that port, then points Lighthouse at the same browser
 * for /dashboard: a returning person whose identity provider session is still open, so the
 * navigation includes keycloak-js's round trip to the identity provider, as it does for them.
 * Lighthouse keeps the cookies (disableStorageReset, or it would sign the browser out); the
 * browser's cache is emptied before each run instead, so every run downloads the whole app.
 * Prints each run and the median run's score and metrics.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { resetDataDir, spawnServer, stopServer, waitUntilReady } from '../e2e/support/server.js';

const runs = Number(process.argv[2] ?? 3);
const port = Number(process.env.LIGHTHOUSE_PORT ?? 8390);
const origin = `http://localhost:${port}`;
const dataDir = 'test-results/lighthouse-data';
const reportDir = 'test-results/lighthouse';

const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
] as const;

/** Chromium on a fresh profile with a debugging port; resolves with the port it chose. */
async function startChromium(profile: string) {
  const child = spawn(
    process.env.CHROME_PATH ?? '/usr/bin/chromium',
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const debuggingPort = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (listening) resolve(Number(listening[1]));
    });
    child.once('exit', (code) => reject(new Error(`chromium exited (${code}): ${output}`)));
  });
  return { child, port: debuggingPort };
}

await resetDataDir(dataDir);
await fs.mkdir(reportDir, { recursive: true });
const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'nt24-lighthouse-'));
const server = spawnServer({ port, dataDir });
const chrome = await startChromium(profile);

try {
  await waitUntilReady(port);
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const context = browser.contexts()[0]!;
  const page = await context.newPage();
  await page.goto(`${origin}/dashboard`);
  await page.locator('#username').fill('manager');
  await page.locator('#password').fill('nt24demo');
  await page.locator('#password').press('Enter');
  await page.waitForURL(/\/dashboard$/);
  await page.getByRole('heading', { name: /^Welcome,/ }).waitFor();
  const cdp = await context.newCDPSession(page);

  const results = [];
  for (let run = 1; run <= runs; run += 1) {
    await cdp.send('Network.clearBrowserCache');
    const result = await lighthouse(`${origin}/dashboard`, {
      port: chrome.port,
      output: ['html', 'json'],
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: true,
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    if (!lhr.finalDisplayedUrl.endsWith('/dashboard')) {
      throw new Error(`Lighthouse ended on ${lhr.finalDisplayedUrl}, not the dashboard`);
    }
    const [html, json] = result.report as string[];
    await fs.writeFile(`${reportDir}/dashboard-${run}.html`, html!);
    await fs.writeFile(`${reportDir}/dashboard-${run}.json`, json!);
    const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
    const metrics = METRICS.map(([id, name]) => `${name} ${lhr.audits[id]?.displayValue ?? '?'}`);
    console.log(`run ${run}: performance ${score}; ${metrics.join(', ')}`);
    results.push({ score, lhr });
  }
  results.sort((a, b) => a.score - b.score);
  const median = results[Math.floor(results.length / 2)]!;
  console.log(`\nmedian of ${runs}: performance ${median.score} (mobile, simulated throttling)`);
  for (const [id, name] of METRICS) {
    const audit = median.lhr.audits[id];
    console.log(`  ${name.padEnd(4)} ${audit?.displayValue ?? '?'} (score ${audit?.score ?? '?'})`);
  }
  const opportunities = Object.values(median.lhr.audits)
    .filter((audit) => audit.details?.type === 'opportunity' && (audit.score ?? 1) < 0.9)
    .map((audit) => `  ${audit.title}${audit.displayValue ? `: ${audit.displayValue}` : ''}`);
  if (opportunities.length > 0) console.log(`opportunities:\n${opportunities.join('\n')}`);
  console.log(`reports: ${reportDir}/dashboard-<run>.html and .json`);
  await browser.close();
} finally {
  chrome.child.kill();
  await stopServer(server);
  await fs.rm(profile, { recursive: true, force: true });
}
