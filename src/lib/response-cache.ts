/**
 * The caches of SPEC section 9 (decision 030): answers kept for a while per kind of data,
 * identical concurrent requests sharing one call, expired entries swept every minute, and
 * entries forgotten when what they describe changes, by entity type and endpoint prefix.
 * Failures are never kept.
 */

/** How long an answer is kept, per kind of data (SPEC section 9). */
export const CACHE_LIFETIME_MS = {
  userData: 300_000,
  tradePartner: 300_000,
  auth: 300_000,
  sessionInfo: 60_000,
  partnerData: 300_000,
  default: 30_000,
} as const;

export type CacheKind = keyof typeof CACHE_LIFETIME_MS;

/** Expired entries are swept this often (SPEC section 9). */
export const CACHE_CLEANUP_INTERVAL_MS = 60_000;

export type CacheEntity =
  'tradepartner' | 'kyc' | 'order' | 'contact' | 'document' | 'user' | 'session' | 'insights';

/**
 * The endpoint prefixes under /api/ whose answers describe each entity type (SPEC section 9
 * names both lists; the relation is ours). A partner's answer lists its contacts, and a KYC
 * step its documents, so those changes reach them too.
 */
const ENTITY_PREFIXES: Record<CacheEntity, readonly string[]> = {
  tradepartner: ['partners', 'addresses', 'bank-accounts', 'vies-check'],
  kyc: ['kyc', 'comments', 'insights'],
  insights: ['insights'],
  order: ['orders', 'shipments'],
  contact: ['contacts', 'partners'],
  document: ['documents', 'kyc'],
  user: ['users', 'verification'],
  session: ['auth/session'],
};

const ENTITIES = Object.keys(ENTITY_PREFIXES) as CacheEntity[];

/** SPEC section 9's keys for a file's insights. */
export const insightsCacheKey = {
  full: (id: number) => `insights_full_${id}`,
  fullByUuid: (uuid: string) => `insights_full_uuid_${uuid}`,
};

/** Whether `pathname` (under /api/) is one of `prefix`'s endpoints, wherever it is nested. */
const mentions = (pathname: string, prefix: string) => pathname.includes(prefix);

/** The entity types an endpoint's answers describe. */
export function entitiesOf(pathname: string): CacheEntity[] {
  return ENTITIES.filter((entity) =>
    ENTITY_PREFIXES[entity].some((prefix) => mentions(pathname, prefix)),
  );
}

/**
 * What a change to `pathname` may have made out of date: the prefixes of every entity type it
 * describes; null when it describes none we know (then everything is).
 */
export function prefixesChangedBy(pathname: string): string[] | null {
  const entities = entitiesOf(pathname);
  if (entities.length === 0) return null;
  return [...new Set(entities.flatMap((entity) => ENTITY_PREFIXES[entity]))];
}

/** Whether an answer from `pathname` is out of date once `prefixes` changed (null: all). */
export function isAffected(pathname: string, prefixes: readonly string[] | null): boolean {
  return prefixes === null || prefixes.some((prefix) => mentions(pathname, prefix));
}

interface Entry {
  value: Promise<unknown>;
  /** The endpoint the answer came from, for invalidation. */
  pathname: string;
  /** Epoch ms; null while the call is in flight. */
  expiresAt: number | null;
}

export function createResponseCache(now: () => number = Date.now) {
  const entries = new Map<string, Entry>();
  let sweeper: ReturnType<typeof setInterval> | undefined;

  function sweep() {
    const time = now();
    for (const [key, entry] of entries) {
      if (entry.expiresAt !== null && entry.expiresAt <= time) entries.delete(key);
    }
    if (entries.size === 0) stopSweeping();
  }

  function stopSweeping() {
    clearInterval(sweeper);
    sweeper = undefined;
  }

  function forget(test: (entry: Entry, key: string) => boolean) {
    for (const [key, entry] of entries) if (test(entry, key)) entries.delete(key);
    if (entries.size === 0) stopSweeping();
  }

  return {
    /**
     * The answer kept under `key` while it is fresh, else `load()`'s, kept for `kind`'s lifetime
     * from when it arrives. Callers asking while the call is in flight share it.
     */
    get<T>(key: string, kind: CacheKind, pathname: string, load: () => Promise<T>): Promise<T> {
      const found = entries.get(key);
      if (found && (found.expiresAt === null || found.expiresAt > now())) {
        return found.value as Promise<T>;
      }
      const entry: Entry = { value: load(), pathname, expiresAt: null };
      entries.set(key, entry);
      sweeper ??= setInterval(sweep, CACHE_CLEANUP_INTERVAL_MS);
      entry.value.then(
        () => {
          if (entries.get(key) === entry) entry.expiresAt = now() + CACHE_LIFETIME_MS[kind];
        },
        () => {
          if (entries.get(key) === entry) forget((other) => other === entry);
        },
      );
      return entry.value as Promise<T>;
    },

    /** Forgets what describes `entity` (its endpoint prefixes). */
    invalidateEntity(entity: CacheEntity) {
      const prefixes = ENTITY_PREFIXES[entity];
      forget((entry) => isAffected(entry.pathname, prefixes));
    },

    /** Forgets what a change to `pathname` may have made out of date. */
    invalidateAfterChange(pathname: string) {
      const prefixes = prefixesChangedBy(pathname);
      forget((entry) => isAffected(entry.pathname, prefixes));
    },

    /** Forgets everything (sign-out). */
    clear() {
      forget(() => true);
    },
  };
}

export type ResponseCache = ReturnType<typeof createResponseCache>;

/** The app's one response cache. */
export const responseCache = createResponseCache();
