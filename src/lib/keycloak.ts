import Keycloak from 'keycloak-js';
import { env } from '@/config/env';
import { isSelfServicePath, paths } from '@/config/paths';
import type { AuthTokenSource } from '@/lib/api-client';
import {
  EXPIRED_MIN_TOKEN_VALIDITY_S,
  FORCE_REFRESH,
  identityFromClaims,
  refreshDelayMs,
  type TokenIdentity,
} from '@/lib/token';

export type AuthNoticeKind = 'session_refreshed' | 'refresh_failed' | 'session_expired';

/** The redirects the UI may ask for (through thunks, so tests can fake them). */
export interface AuthNavigator {
  /** To the sign-in page, coming back to `returnTo` (default: the current address). */
  login(returnTo?: string): void;
  /** Ends the identity-provider session and comes back to the site root. */
  logout(): void;
}

/** How the session reports to the rest of the app (the store, wired in main.tsx). */
export interface SessionListener {
  authenticated(identity: TokenIdentity): void;
  tokenRefreshed(identity: TokenIdentity): void;
  notice(kind: AuthNoticeKind): void;
}

export interface AuthSession extends AuthTokenSource, AuthNavigator {
  /** Initialises keycloak-js; resolves with whether a user is signed in. */
  start(listener: SessionListener): Promise<boolean>;
}

// Time to read the notice before the browser leaves for the sign-in page.
const LOGIN_REDIRECT_DELAY_MS = 2000;

function createAuthSession(): AuthSession {
  // Tokens stay in this object's memory; keycloak-js only stores the short-lived login
  // callback state (nonce, PKCE verifier) while the browser is away at the sign-in page.
  const keycloak = new Keycloak({
    url: env.oidc.url,
    realm: env.oidc.realm,
    clientId: env.oidc.clientId,
  });
  let listener: SessionListener | null = null;
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  let loginTimer: ReturnType<typeof setTimeout> | undefined;
  // Set once the browser is on its way to the identity provider: later redirects are ignored,
  // so a sign-out is not overtaken by the sign-in the route guard would ask for.
  let leaving = false;

  const currentIdentity = () => identityFromClaims(keycloak.tokenParsed);

  function leave(redirect: () => Promise<void>) {
    if (leaving) return;
    leaving = true;
    clearTimeout(refreshTimer);
    clearTimeout(loginTimer);
    redirect().catch((error: unknown) => {
      leaving = false;
      console.error('Redirect to the identity provider failed:', error);
    });
  }

  function login(returnTo: string = window.location.href) {
    leave(() => keycloak.login({ redirectUri: returnTo }));
  }

  function redirectToLogin(returnTo: string, kind: AuthNoticeKind) {
    if (leaving || loginTimer !== undefined) return;
    listener?.notice(kind);
    loginTimer = setTimeout(() => {
      loginTimer = undefined;
      login(returnTo);
    }, LOGIN_REDIRECT_DELAY_MS);
  }

  async function refresh(minValidity: number): Promise<boolean> {
    try {
      return await keycloak.updateToken(minValidity);
    } catch (error) {
      console.warn('Token refresh failed:', error);
      redirectToLogin(window.location.href, 'refresh_failed');
      return false;
    }
  }

  function scheduleRefresh() {
    clearTimeout(refreshTimer);
    const exp = keycloak.tokenParsed?.exp;
    if (exp === undefined || leaving) return;
    // keycloak-js measures the browser's clock against the server's; in local time the token
    // expires at exp + timeSkew.
    const delay = refreshDelayMs(exp + (keycloak.timeSkew ?? 0), Date.now());
    refreshTimer = setTimeout(() => void refresh(FORCE_REFRESH), delay);
  }

  keycloak.onReady = (authenticated) => {
    const identity = currentIdentity();
    if (!authenticated || !identity) return;
    listener?.authenticated(identity);
    scheduleRefresh();
  };

  // Every successful refresh, whoever asked for it, carries new claims and a new expiry.
  keycloak.onAuthRefreshSuccess = () => {
    const identity = currentIdentity();
    if (identity) listener?.tokenRefreshed(identity);
    scheduleRefresh();
  };

  keycloak.onTokenExpired = () => {
    void refresh(EXPIRED_MIN_TOKEN_VALIDITY_S).then((refreshed) => {
      if (refreshed) listener?.notice('session_refreshed');
    });
  };

  return {
    get token() {
      return keycloak.token;
    },
    updateToken: (minValidity) => keycloak.updateToken(minValidity),
    redirectToLogin: (returnTo) => redirectToLogin(returnTo, 'session_expired'),
    login,
    logout() {
      leave(() => keycloak.logout({ redirectUri: `${window.location.origin}${paths.root}` }));
    },
    start(sessionListener) {
      listener = sessionListener;
      // The public self-service pages must not force a sign-in.
      const selfService = isSelfServicePath(window.location.pathname);
      return keycloak.init({
        ...(selfService ? {} : { onLoad: 'login-required' as const }),
        pkceMethod: 'S256',
        checkLoginIframe: false,
        responseMode: 'fragment',
      });
    },
  };
}

let session: AuthSession | null = null;

/** The app's one keycloak-js session, created on first use. */
export function getAuthSession(): AuthSession {
  session ??= createAuthSession();
  return session;
}
