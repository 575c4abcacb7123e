import 'bootstrap/dist/css/bootstrap.min.css';
import { createRoot, type Root } from 'react-dom/client';
import { AppProviders } from '@/app/providers';
import { setupStore, startPersistence } from '@/app/store';
import { FullScreenLoader } from '@/components/ui/FullScreenLoader';
import { authNoticeRaised } from '@/session/authActions';
import { sessionStarted, tokenRefreshed } from '@/session/authSlice';
import { startSessionValidation } from '@/session/sessionValidation';
import { BootFailure } from '@/features/errors/BootFailure';
import { followTheme } from '@/preferences/followTheme';
import { applyTheme, readStoredTheme } from '@/preferences/theme';
import { languageApplied } from '@/preferences/languageSlice';
import { httpNoticeRaised } from '@/notifications/notificationsSlice';
import { setAuthTokenSource, setHttpNotifier } from '@/lib/api-client';
import { initI18n } from '@/lib/i18n';
import { getAuthSession } from '@/lib/keycloak';

async function start(root: Root) {
  // The stored colour mode before anything is drawn; the store takes over below.
  applyTheme(readStoredTheme() ?? 'light');
  // The pages load in their own chunk while keycloak-js checks the session.
  const pages = import('@/app/router');
  pages.catch(() => {}); // awaited (and reported) below

  // Rejects when not even the English texts load.
  const language = await initI18n();
  // While keycloak-js checks the session, or the browser leaves for the sign-in page.
  root.render(<FullScreenLoader />);

  const session = getAuthSession();
  const store = setupStore({ extra: { auth: session } });
  setAuthTokenSource(session);
  setHttpNotifier((notice) => store.dispatch(httpNoticeRaised(notice)));
  store.dispatch(languageApplied(language));
  startSessionValidation(store);
  followTheme(store);
  const restored = startPersistence(store);

  await session.start({
    authenticated: (identity) => store.dispatch(sessionStarted(identity)),
    tokenRefreshed: (identity) => store.dispatch(tokenRefreshed(identity)),
    notice: (kind) => {
      console.info('Session notice:', kind);
      store.dispatch(authNoticeRaised(kind));
    },
  });

  await restored;
  const { AppRouter } = await pages;
  root.render(
    <AppProviders store={store}>
      <AppRouter />
    </AppProviders>,
  );
}

// A page restored from the back-forward cache would bring back a session held in memory
// (perhaps one signed out since): start afresh instead.
window.addEventListener('pageshow', (event) => {
  if (event.persisted) window.location.reload();
});

const root = createRoot(document.getElementById('root')!);
start(root).catch((error: unknown) => {
  // Typically keycloak-js could not reach the identity provider, or no texts could be loaded.
  console.error('Error initializing app:', error);
  root.render(<BootFailure />);
});
