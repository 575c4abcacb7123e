import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
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

afterAll(() => server.close());
