import axios, {
  AxiosError,
  type AxiosAdapter,
  type AxiosRequestConfig,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { isAffected, prefixesChangedBy, responseCache } from '@/lib/response-cache';

/**
 * Request de-duplication (SPEC section 9), as an axios adapter wrapper: below the interceptors,
 * so the bearer token, the 401 retry and the error notices work as for any other call.
 *
 * - Identical concurrent requests share one call.
 * - A successful answer is reused for a short while: 1 s for route-sensitive paths, 2 s for
 *   KYC status/steps/uuid paths, 10 s otherwise. Failures are never reused.
 * - Applies to GET under /api/, and to POST whose path says get, fetch, load or search or is
 *   about transport(s), shipments or orders; never to auth logout/refresh/callback or to KYC
 *   export jobs, nor to a POST that creates or changes something: one to the collection itself
 *   (POST /api/orders creates an order) or whose path says so (create, update, delete...).
 *   `dedup: false` in a request's config opts out.
 * - Identical = same method, full URL with query parameters, body, response type and language
 *   (Accept-Language: the server may answer in it).
 * - Forgotten on navigation and sign-out (`clearRequestCache`). When a call that may change
 *   data (any other method) settles, the answers it may have made out of date are forgotten,
 *   here and in the response cache: by entity type and endpoint prefix (response-cache.ts).
 */

declare module 'axios' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- merging repeats axios's parameters
  interface AxiosRequestConfig<D, P> {
    /** false: always ask the server, never share or reuse an answer. */
    dedup?: boolean;
  }
}

const DEFAULT_WINDOW_MS = 10_000;
const KYC_LIVE_WINDOW_MS = 2_000;
const ROUTE_SENSITIVE_WINDOW_MS = 1_000;

const ROUTE_SENSITIVE = ['partners', 'addresses', 'bank-accounts', 'vies-check'];
const READ_WORDS = new Set(['get', 'fetch', 'load', 'search']);
const READ_RESOURCES = new Set(['shipments', 'orders']);
// A POST that says it changes something is no read, whatever else its path says.
const WRITE_WORDS = new Set([
  'create',
  'new',
  'add',
  'save',
  'update',
  'delete',
  'remove',
  'cancel',
  'submit',
  'upload',
]);
// A POST to one of these collections itself creates a member (an order, a shipment...).
const CREATED_BY_POST = /\/(orders|shipments|transports?)\/?$/;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The words of a path, split at anything but letters and at camelCase humps, in lower case. */
function pathWords(pathname: string): string[] {
  return pathname
    .split(/[^A-Za-z]+|(?<=[a-z])(?=[A-Z])/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

function isExcluded(pathname: string): boolean {
  return (
    /^\/api\/auth\/(.+\/)?(logout|refresh|callback)(\/|$)/.test(pathname) ||
    /^\/api\/kyc\/export-jobs(\/|$)/.test(pathname)
  );
}

/** A POST that reads rather than changes, judged by its path. */
function isReadingPost(pathname: string): boolean {
  const words = pathWords(pathname);
  if (CREATED_BY_POST.test(pathname) || words.some((word) => WRITE_WORDS.has(word))) return false;
  return words.some(
    (word) => READ_WORDS.has(word) || READ_RESOURCES.has(word) || word.startsWith('transport'),
  );
}

/**
 * How long an answer to `method url` may be reused, in milliseconds; null when such requests
 * are not de-duplicated at all.
 */
export function dedupWindowMs(method: string, url: URL): number | null {
  const { pathname } = url;
  if (url.origin !== window.location.origin || !pathname.startsWith('/api/')) return null;
  if (isExcluded(pathname)) return null;
  const verb = method.toUpperCase();
  if (verb !== 'GET' && !(verb === 'POST' && isReadingPost(pathname))) return null;
  if (ROUTE_SENSITIVE.some((part) => pathname.includes(part))) return ROUTE_SENSITIVE_WINDOW_MS;
  if (
    pathname.startsWith('/api/kyc/') &&
    (/\/(status|steps)(\/|$)/.test(pathname) || pathname.includes('/uuid/'))
  ) {
    return KYC_LIVE_WINDOW_MS;
  }
  return DEFAULT_WINDOW_MS;
}

interface Entry {
  response: Promise<AxiosResponse>;
  pathname: string;
  /** Epoch ms; null while the call is in flight. */
  expiresAt: number | null;
}

const entries = new Map<string, Entry>();

/** Forgets every answered request; calls in flight are still shared. */
export function clearRequestCache(): void {
  for (const [key, entry] of entries) if (entry.expiresAt !== null) entries.delete(key);
}

/** Forgets the answers a change to `pathname` may have made out of date, here and there. */
function forgetChangedBy(pathname: string) {
  const prefixes = prefixesChangedBy(pathname);
  for (const [key, entry] of entries) {
    if (entry.expiresAt !== null && isAffected(entry.pathname, prefixes)) {
      entries.delete(key);
    }
  }
  responseCache.invalidateAfterChange(pathname);
}

function forgetExpired(now: number) {
  for (const [key, entry] of entries) {
    if (entry.expiresAt !== null && entry.expiresAt <= now) entries.delete(key);
  }
}

/** Null when the body cannot be compared (FormData, Blob...). Runs after transformRequest. */
function requestKey(config: InternalAxiosRequestConfig, url: URL): string | null {
  const { data } = config;
  if (data !== undefined && data !== null && typeof data !== 'string') return null;
  const method = (config.method ?? 'get').toUpperCase();
  const language = String(config.headers.get('Accept-Language') ?? '');
  return `${method} ${url.href} ${config.responseType ?? ''} ${language} ${data ?? ''}`;
}

/** Each caller gets the answer with its own config, so retries and flags stay its own. */
function forCaller<T>(response: AxiosResponse<T>, config: InternalAxiosRequestConfig) {
  return { ...response, config };
}

function errorForCaller(error: unknown, config: InternalAxiosRequestConfig): unknown {
  if (!axios.isAxiosError(error)) return error;
  const response = error.response && forCaller(error.response, config);
  return new AxiosError(error.message, error.code, config, error.request, response);
}

/** Wraps the adapter(s) axios would use (`axios.defaults.adapter`). */
export function withRequestDedup(adapters: AxiosRequestConfig['adapter']): AxiosAdapter {
  return (config) => {
    const adapter = axios.getAdapter(adapters, config);
    const url = new URL(axios.getUri(config), window.location.origin);
    const windowMs = config.dedup === false ? null : dedupWindowMs(config.method ?? 'get', url);
    const key = windowMs === null ? null : requestKey(config, url);
    // One caller's cancel must not fail the others: cancellable calls are not shared.
    if (windowMs === null || key === null || config.signal || config.cancelToken) {
      const response = adapter(config);
      const method = (config.method ?? 'get').toUpperCase();
      return READ_METHODS.has(method)
        ? response
        : response.finally(() => forgetChangedBy(url.pathname));
    }

    const now = Date.now();
    forgetExpired(now);
    let entry = entries.get(key);
    if (!entry) {
      const created: Entry = {
        response: adapter(config),
        pathname: url.pathname,
        expiresAt: null,
      };
      created.response.then(
        () => {
          if (entries.get(key) === created) created.expiresAt = Date.now() + windowMs;
        },
        () => {
          if (entries.get(key) === created) entries.delete(key);
        },
      );
      entries.set(key, created);
      entry = created;
    }
    return entry.response.then(
      (response) => forCaller(response, config),
      (error: unknown) => Promise.reject(errorForCaller(error, config)),
    );
  };
}
