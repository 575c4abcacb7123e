import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import NProgress from 'nprogress';
import en from '../public/assets/i18n/en.json';
import { kycStepEvents } from '@/features/kyc/kycEvents';
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
  kycStepEvents.reset();
  window.history.replaceState(null, '', '/');
});

afterAll(() => server.close());

// nprogress finishes a bar on its own timers (fade, then take the bar out of the document).
// One still pending when a test file ends fires after jsdom is gone, where `document` is not
// defined: the bar has nothing left to be taken out of then.
const removeBar = NProgress.remove.bind(NProgress);
NProgress.remove = () => {
  if (typeof document !== 'undefined') removeBar();
};
