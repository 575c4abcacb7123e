import '@/styles/bootstrap.scss';
import { createRoot } from 'react-dom/client';
import { AppProviders } from '@/app/providers';
import { AppRouter } from '@/app/router';
import { setupStore, startPersistence } from '@/app/store';
import { BootFailure } from '@/features/errors/BootFailure';
import { setAuthTokenSource, setHttpNotifier } from '@/lib/api-client';
import { initI18n } from '@/lib/i18n';
import type { AuthSession } from '@/lib/keycloak';
import type { SessionRelay } from '@/lib/session-relay';
import { httpNoticeRaised } from '@/notifications/notificationsSlice';
import { followTheme } from '@/preferences/followTheme';
import { languageApplied } from '@/preferences/languageSlice';
import { authNoticeRaised } from '@/store/authActions';
import { sessionStarted, tokenRefreshed } from '@/session/authSlice';
import { startSessionValidation } from '@/session/sessionValidation';

/**
 * The app, once keycloak-js knows the session (main.tsx): the texts, the store, then the pages.
 * Until the first render the page shows index.html's loader.
 */
export async function startApp(container: HTMLElement, session: AuthSession, relay: SessionRelay) {
  // Rejects when not even the English texts load.
  const language = await initI18n();

  const store = setupStore({ extra: { auth: session } });
  setAuthTokenSource(session);
  setHttpNotifier((notice, values) => store.dispatch(httpNoticeRaised(notice, values)));
  store.dispatch(languageApplied(language));
  startSessionValidation(store);
  followTheme(store);
  const restored = startPersistence(store);

  relay.attach({
    authenticated: (identity) => store.dispatch(sessionStarted(identity)),
    tokenRefreshed: (identity) => store.dispatch(tokenRefreshed(identity)),
    notice: (kind) => {
      console.info('Session notice:', kind);
      store.dispatch(authNoticeRaised(kind));
    },
  });

  await restored;
  createRoot(container).render(
    <AppProviders store={store}>
      <AppRouter />
    </AppProviders>,
  );
}

/** Instead of the app when start-up failed (no sign-in service, or not even English texts). */
export async function showBootFailure(container: HTMLElement) {
  // In English at least when the texts load; the keys otherwise.
  await initI18n().catch(() => {});
  createRoot(container).render(<BootFailure />);
}
