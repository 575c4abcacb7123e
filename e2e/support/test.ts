import { expect, test as base } from '@playwright/test';

/**
 * Playwright's `test`, with every journey also checking the security headers' policy
 * (decision 026): a page of any browser context that the browser refuses something under the
 * Content-Security-Policy fails the journey, whatever it was testing.
 */
export const test = base.extend<{ contentSecurityPolicy: null }>({
  contentSecurityPolicy: [
    async ({ context }, use) => {
      const violations: string[] = [];
      context.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await use(null);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
