import axios, { type AxiosError, type InternalAxiosRequestConfig } from 'axios';
import i18n from 'i18next';
import { isSelfServicePath } from '@/config/paths';
import { withRequestActivity } from '@/lib/request-activity';
import { withRequestDedup } from '@/lib/request-dedup';
import { API_MIN_TOKEN_VALIDITY_S, FORCE_REFRESH } from '@/lib/token';

declare module 'axios' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- merging repeats axios's parameters
  interface AxiosRequestConfig<D, P> {
    /** true when the screen reports this call's failures itself: no notice for them. */
    skipErrorNotice?: boolean;
  }
}

/**
 * Where the client gets its bearer token. keycloak-js is plugged in at start-up
 * (`lib/keycloak.ts`); tests plug in a fake.
 */
export interface AuthTokenSource {
  readonly token: string | undefined;
  /** Refreshes the token when it expires within `minValiditySeconds`; rejects when it cannot. */
  updateToken(minValiditySeconds: number): Promise<boolean>;
  /**
   * The session cannot be renewed (`updateToken` rejected with `refreshError`): tell the user
   * why (SPEC section 8) and send the browser to sign-in shortly after, coming back to
   * `returnTo`; when the identity provider did not answer, only tell.
   */
  redirectToLogin(returnTo: string, refreshError: unknown): void;
}

let tokenSource: AuthTokenSource | null = null;

export function setAuthTokenSource(source: AuthTokenSource | null): void {
  tokenSource = source;
}

/** What the client tells the user about (SPEC section 8, 'HTTP handling', and 429). */
export type HttpNotice = 'network_error' | 'insufficient_permissions' | 'too_many_requests';

/** `values` fill the notice's placeholders: `count`, the seconds to wait after a 429. */
export type HttpNotifier = (notice: HttpNotice, values?: Record<string, number>) => void;

let notifier: HttpNotifier | null = null;

/** Where failures are reported to the user; the store is plugged in at start-up. */
export function setHttpNotifier(notify: HttpNotifier | null): void {
  notifier = notify;
  limitedUntil = 0;
}

/** Until when the server asked us to wait after a 429: one notice per wait, not one per call. */
let limitedUntil = 0;

const DEFAULT_RETRY_AFTER_S = 60;

/** Retry-After as seconds (RFC 9110: a number of seconds or an HTTP date). */
export function retryAfterSeconds(header: unknown, now = Date.now()): number {
  const text = typeof header === 'string' ? header.trim() : '';
  if (/^\d+$/.test(text)) return Math.max(1, Number(text));
  const date = Date.parse(text);
  if (!Number.isNaN(date)) return Math.max(1, Math.ceil((date - now) / 1000));
  return DEFAULT_RETRY_AFTER_S;
}

/** The one HTTP client. Endpoint functions pass full paths ('/api/...'). */
export const apiClient = axios.create({
  headers: { Accept: 'application/json' },
  // 300 (several candidates) is an answer for the caller, like 206 (a partial match).
  validateStatus: (status) => (status >= 200 && status < 300) || status === 300,
  // Every call is counted while in flight, for the route progress bar.
  adapter: withRequestActivity(withRequestDedup(axios.defaults.adapter)),
});

type RetriableConfig = InternalAxiosRequestConfig & { authRetried?: boolean };

// The server writes its texts (the PDF export, decision 014) in the language the app shows,
// unless the caller asks for another.
apiClient.interceptors.request.use((config) => {
  const language = i18n.resolvedLanguage ?? i18n.language;
  if (language && !config.headers.has('Accept-Language')) {
    config.headers.set('Accept-Language', language);
  }
  return config;
});

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

function describe(config: InternalAxiosRequestConfig | undefined): string {
  return config ? `${(config.method ?? 'get').toUpperCase()} ${config.url ?? ''}` : 'request';
}

/** Tells the user about a network failure or a refusal; anything else is only logged. */
function report(error: AxiosError) {
  if (axios.isCancel(error)) return;
  const { config, response } = error;
  const notify = config?.skipErrorNotice ? null : notifier;
  const what = describe(config);
  if (!response) {
    console.error(`No answer to ${what}:`, error.message);
    notify?.('network_error');
  } else if (response.status === 403) {
    console.warn(`${what} was refused (403).`);
    notify?.('insufficient_permissions');
  } else if (response.status === 429) {
    const seconds = retryAfterSeconds(response.headers['retry-after']);
    console.warn(`${what} was refused: too many requests (429); wait ${seconds} s.`);
    if (notify && Date.now() >= limitedUntil) {
      limitedUntil = Date.now() + seconds * 1000;
      notify('too_many_requests', { count: seconds });
    }
  } else if (response.status >= 500) {
    console.error(`${what} failed with HTTP ${response.status}.`);
  } else {
    // 400, 404, 409...: the caller decides what the user sees.
    console.warn(`${what} answered HTTP ${response.status}.`);
  }
}

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
    report(error);
    throw error;
  }
  try {
    await refreshOnce(source);
  } catch (refreshError) {
    // redirectToLogin tells the user, once however many calls fail here.
    source.redirectToLogin(window.location.href, refreshError);
    throw error;
  }
  config.authRetried = true;
  // A failure of the retry is reported by its own pass through this interceptor.
  return apiClient.request(config);
});
