// The start before the sign-in redirect: keycloak-js and the colour mode, nothing else. React,
// the store, the texts and Bootstrap's CSS come with the app (app/start.tsx) once the session
// is known; until then index.html shows its own loader.
import { isSelfServicePath } from '@/config/paths';
import { translateBootLoader } from '@/lib/boot-loader';
import { getAuthSession } from '@/lib/keycloak';
import { createSessionRelay } from '@/lib/session-relay';
import { reloadOnStaleBuild } from '@/lib/stale-build';
import { applyTheme, readStoredTheme } from '@/preferences/theme';

// keycloak-js's answer from the identity provider (responseMode 'fragment').
const SIGN_IN_ANSWER = /[#&](state|code|error)=/;

const pageLoaded = () =>
  new Promise<void>((resolve) => {
    // A task after the load event, so that it has finished, not in its handler.
    const later = () => setTimeout(resolve, 0);
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
  });

async function start(container: HTMLElement) {
  // The stored colour mode before anything is drawn; the store takes over later.
  applyTheme(readStoredTheme() ?? 'light');
  translateBootLoader();

  const session = getAuthSession();
  const relay = createSessionRelay();
  // Back from the sign-in page, or on a public page, the app is needed: it loads while
  // keycloak-js exchanges the code. Otherwise keycloak-js leaves for the sign-in page first.
  const loadApp = () => import('@/app/start');
  const appNeeded =
    SIGN_IN_ANSWER.test(window.location.hash) || isSelfServicePath(window.location.pathname);
  const app = appNeeded ? loadApp() : undefined;
  app?.catch(() => {}); // awaited (and reported) below
  // A browser treats leaving a page whose load event has not finished as a redirect and drops
  // the page from the history: Back on the sign-in page would then skip the portal (which
  // starts a fresh sign-in) and land on an expired sign-in page (e2e/sign-in.spec.ts).
  if (!appNeeded) await pageLoaded();

  await session.start(relay.listener);
  const { startApp } = await (app ?? loadApp());
  await startApp(container, session, relay);
}

reloadOnStaleBuild();

// A page restored from the back-forward cache would bring back a session held in memory
// (perhaps one signed out since): start afresh instead.
window.addEventListener('pageshow', (event) => {
  if (event.persisted) window.location.reload();
});

const container = document.getElementById('root')!;
start(container).catch(async (error: unknown) => {
  // Typically keycloak-js could not reach the identity provider, or no texts could be loaded.
  console.error('Error initializing app:', error);
  const { showBootFailure } = await import('@/app/start');
  await showBootFailure(container);
});
