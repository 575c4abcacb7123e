import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import NProgress from 'nprogress';
import en from '../public/assets/i18n/en.json';
import { clearEnsureUserCache } from '@/session/authApi';
import { setAuthTokenSource, setHttpNotifier } from '@/lib/api-client';
import { initI18nWithResources } from '@/lib/i18n';
import { clearRequestCache } from '@/lib/request-dedup';
import { responseCache } from '@/lib/response-cache';
import { server } from './msw-server';

initI18nWithResources(en);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  server.resetHandlers();
  clearEnsureUserCache();
  setAuthTokenSource(null);
  setHttpNotifier(null);
  clearRequestCache();
  responseCache.clear();
  window.history.replaceState(null, '', '/');
});

afterAll(async () => {
  server.close();
  // nprogress finishes a bar on timers (fade, then remove it from the document): a file whose
  // last test started one must outlive them, or they fire after jsdom is gone and fail the run.
  if (NProgress.isStarted()) NProgress.done();
  await vi.waitFor(
    () => {
      if (document.getElementById('nprogress')) throw new Error('the progress bar is still fading');
    },
    { timeout: 3000, interval: 50 },
  );
});
