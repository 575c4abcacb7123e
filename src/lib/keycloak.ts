import Keycloak from 'keycloak-js';
import { env } from '@/config/env';
import { isSelfServicePath, paths } from '@/config/paths';
import type { AuthTokenSource } from '@/lib/api-client';
import {
  EXPIRED_MIN_TOKEN_VALIDITY_S,
  FORCE_REFRESH,
  identityFromClaims,
  MIN_REFRESH_DELAY_MS,
  refreshDelayMs,
  refreshFailure,
  type TokenIdentity,
} from '@/lib/token';

/**
 * What the session tells the user (SPEC section 8): the authentication notices, and, for an
 * API call whose 401 could not be mended, the texts of 'HTTP handling' (`call_*`).
 */
export type AuthNoticeKind =
  | 'session_refreshed'
  | 'token_expired'
  | 'session_expired'
  | 'refresh_failed'
  | 'network_error'
  | 'call_session_expired'
  | 'call_refresh_failed';

/** The redirects the UI may ask for (through thunks, so tests can fake them). */
export interface AuthNavigator {
  /** To the sign-in page, coming back to `returnTo` (default: the current address). */
  login(returnTo?: string): void;
  /** Ends the identity-provider session and comes back to the site root. */
  logout(): void;
  /** To the identity provider's sign-up page, coming back signed in to `returnTo`. */
  register(returnTo: string): void;
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

  /**
   * A refresh failed: the session ended (session_expired) or the refresh did (refresh_failed,
   * or call_* for an API call's 401), and the browser leaves for sign-in. An identity provider
   * that does not answer cannot sign anyone in either: the network_error notice stays, and
   * the refresh is tried again.
   */
  function refreshFailed(
    error: unknown,
    ended: AuthNoticeKind,
    failed: AuthNoticeKind,
    returnTo = window.location.href,
  ) {
    console.warn('Token refresh failed:', error);
    const why = refreshFailure(error);
    if (why === 'unreachable') {
      listener?.notice('network_error');
      if (!leaving) {
        clearTimeout(refreshTimer);
        refreshTimer = setTimeout(() => void refresh(FORCE_REFRESH), MIN_REFRESH_DELAY_MS);
      }
      return;
    }
    redirectToLogin(returnTo, why === 'ended' ? ended : failed);
  }

  async function refresh(minValidity: number): Promise<boolean> {
    try {
      return await keycloak.updateToken(minValidity);
    } catch (error) {
      refreshFailed(error, 'session_expired', 'refresh_failed');
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
    if (leaving) return;
    listener?.notice('token_expired');
    void refresh(EXPIRED_MIN_TOKEN_VALIDITY_S).then((refreshed) => {
      if (refreshed) listener?.notice('session_refreshed');
    });
  };

  return {
    get token() {
      return keycloak.token;
    },
    updateToken: (minValidity) => keycloak.updateToken(minValidity),
    redirectToLogin: (returnTo, refreshError) =>
      refreshFailed(refreshError, 'call_session_expired', 'call_refresh_failed', returnTo),
    login,
    register(returnTo) {
      leave(() => keycloak.register({ redirectUri: returnTo }));
    },
    logout() {
      leave(() => keycloak.logout({ redirectUri: `${window.location.origin}${paths.root}` }));
    },
    start(sessionListener) {
      listener = sessionListener;
      // The public self-service pages must not force a sign-in.
      const selfService = isSelfServicePath(window.location.pathname);
      const started = keycloak.init({
        ...(selfService ? {} : { onLoad: 'login-required' as const }),
        pkceMethod: 'S256',
        checkLoginIframe: false,
        responseMode: 'fragment',
      });
      // Signed in, a refused refresh must not leave for sign-in at once (keycloak-js does when
      // login is required): the user is told first, and redirectToLogin leaves 2 s later.
      return started.then((authenticated) => {
        keycloak.loginRequired = false;
        return authenticated;
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
