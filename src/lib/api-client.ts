import axios, { type AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { isSelfServicePath } from '@/config/paths';
import { API_MIN_TOKEN_VALIDITY_S, FORCE_REFRESH } from '@/lib/token';

/**
 * Where the client gets its bearer token. keycloak-js is plugged in at start-up
 * (`lib/keycloak.ts`); tests plug in a fake.
 */
export interface AuthTokenSource {
  readonly token: string | undefined;
  /** Refreshes the token when it expires within `minValiditySeconds`; rejects when it cannot. */
  updateToken(minValiditySeconds: number): Promise<boolean>;
  /** The session cannot be renewed: send the browser to sign-in, coming back to `returnTo`. */
  redirectToLogin(returnTo: string): void;
}

let tokenSource: AuthTokenSource | null = null;

export function setAuthTokenSource(source: AuthTokenSource | null): void {
  tokenSource = source;
}

/** The one HTTP client. Endpoint functions pass full paths ('/api/...'). */
export const apiClient = axios.create({ headers: { Accept: 'application/json' } });

type RetriableConfig = InternalAxiosRequestConfig & { authRetried?: boolean };

function requestUrl(config: InternalAxiosRequestConfig): URL {
  return new URL(apiClient.getUri(config), window.location.origin);
}

/** Only our own API gets the token: same origin and a path under /api/. */
function isApiRequest(config: InternalAxiosRequestConfig): boolean {
  const url = requestUrl(config);
  return url.origin === window.location.origin && url.pathname.startsWith('/api/');
}

// Self-service pages and their token-validated endpoints handle 401 themselves.
function isSelfServiceRequest(config: InternalAxiosRequestConfig): boolean {
  const { pathname } = requestUrl(config);
  return (
    isSelfServicePath(window.location.pathname) ||
    pathname.includes('/selfservice') ||
    pathname.includes('/submit/validate-token')
  );
}

// Concurrent 401s share one refresh.
let refreshing: Promise<unknown> | null = null;

function refreshOnce(source: AuthTokenSource): Promise<unknown> {
  refreshing ??= source.updateToken(FORCE_REFRESH).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

apiClient.interceptors.request.use(async (config) => {
  const source = tokenSource;
  if (!source || !isApiRequest(config)) return config;
  try {
    await source.updateToken(API_MIN_TOKEN_VALIDITY_S);
  } catch {
    // No renewable session (anonymous, or the refresh failed): the call goes out as it is and
    // a 401 answer is dealt with below.
  }
  const token = source.token;
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  else config.headers.delete('Authorization');
  return config;
});

apiClient.interceptors.response.use(undefined, async (error: AxiosError) => {
  const config = error.config as RetriableConfig | undefined;
  const source = tokenSource;
  if (
    error.response?.status !== 401 ||
    !config ||
    !source ||
    !isApiRequest(config) ||
    isSelfServiceRequest(config) ||
    // A fresh token was refused as well: retrying again would only loop.
    config.authRetried
  ) {
    throw error;
  }
  try {
    await refreshOnce(source);
  } catch {
    source.redirectToLogin(window.location.href);
    throw error;
  }
  config.authRetried = true;
  return apiClient.request(config);
});
