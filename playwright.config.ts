import { defineConfig, devices } from '@playwright/test';

// E2E_PORT lets two checkouts run their journeys side by side.
const port = Number(process.env.E2E_PORT ?? 8180);

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // Web-first assertions wait this long for what a person would see. The journeys share a
  // 2-core machine: under load a first load of the app (through the identity provider and
  // back, then its data) or an upload took longer than the default 5 s.
  expect: { timeout: 15_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    // A failed journey keeps its trace: each action with the page's DOM, network and console.
    // Not the trace's filmstrip of screenshots: recording it took as long again as the journeys
    // themselves on this 2-core machine (kyc-review and screens: 186 s with it, 121 s without,
    // 114 s with no trace). The failure's own screenshot is still taken.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: `tsx e2e/serve.ts`,
    url: `http://localhost:${port}/api/ready`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    env: { PORT: String(port), PUBLIC_URL: `http://localhost:${port}` },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
