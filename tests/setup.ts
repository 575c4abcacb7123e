import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import en from '../public/assets/i18n/en.json';
import { clearEnsureUserCache } from '@/features/auth/authApi';
import { setAuthTokenSource } from '@/lib/api-client';
import { initI18nWithResources } from '@/lib/i18n';
import { server } from './msw-server';

initI18nWithResources(en);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  server.resetHandlers();
  clearEnsureUserCache();
  setAuthTokenSource(null);
  window.history.replaceState(null, '', '/');
});

afterAll(() => server.close());
