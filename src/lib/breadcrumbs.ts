import { matchPath, type Params } from 'react-router-dom';
import type { TranslationKey } from '@/lib/i18n';

/**
 * What a route may declare in its `handle`: a title (translation key) and/or a resolver that
 * names the page from the store, such as a trade partner's name. The breadcrumb trail and the
 * page title read the same label.
 */
export interface RouteHandle<S = unknown> {
  titleKey?: TranslationKey;
  /** The title staff read where the page is theirs by another name ('KYC Reviews'). */
  staffTitleKey?: TranslationKey;
  /** A label from the state and the route's parameters; null while it is not known yet. */
  resolveTitle?: (context: { params: Params; state: S }) => string | null | undefined;
}

/** The part of a react-router match the trail needs (`useMatches()` gives these). */
export interface RouteMatchLike {
  pathname: string;
  params: Params;
  handle: unknown;
}

export interface Crumb {
  label: string;
  /** Where the crumb links to; the last crumb is the current page. */
  path: string;
}

/** Labels pages register for path patterns ('/partners/:partnerId' → 'Acme B.V.'). */
export type LabelRegistry = ReadonlyMap<string, string>;

/** Replaces each `:name` in `template` with that parameter's value; unknown names stay. */
export function substituteParams(template: string, params: Params): string {
  return template.replace(/:([A-Za-z_]\w*)/g, (token, name: string) => params[name] ?? token);
}

/**
 * Crumbs a page puts before its own, by path pattern: a shipment's page, outside the orders'
 * routes, is 'Orders / ORD-… / SHP-…'.
 */
export type ParentRegistry = ReadonlyMap<string, readonly Crumb[]>;

/** What is registered for the pattern `pathname` matches, with the match's parameters. */
function registered<V>(registry: ReadonlyMap<string, V>, pathname: string) {
  for (const [pattern, value] of registry) {
    const match = matchPath({ path: pattern, end: true }, pathname);
    if (match) return { value, params: match.params };
  }
  return null;
}

/** The label registered for the pattern `pathname` matches (a pattern's own `:params` filled in). */
export function registeredLabel(registry: LabelRegistry, pathname: string): string | null {
  const found = registered(registry, pathname);
  return found && substituteParams(found.value, found.params);
}

export interface LabelSources<S> {
  t: (key: TranslationKey) => string;
  state: S;
  registry: LabelRegistry;
  /** Crumbs pages put before their own. */
  parents?: ParentRegistry;
  /** The reader is staff: a handle's staffTitleKey applies. */
  staff?: boolean;
}

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

export function handleOf<S>(match: RouteMatchLike): RouteHandle<S> | undefined {
  return (match.handle ?? undefined) as RouteHandle<S> | undefined;
}

/**
 * A route's label: a label registered for its path wins (the page knows best), then the
 * handle's resolver, then its title. Null for routes that name nothing (layouts, guards).
 */
function labelFor<S>(
  match: RouteMatchLike,
  { t, state, registry, staff = false }: LabelSources<S>,
) {
  const handle = handleOf<S>(match);
  const titleKey = (staff ? handle?.staffTitleKey : undefined) ?? handle?.titleKey;
  const label =
    registeredLabel(registry, trimSlash(match.pathname)) ??
    handle?.resolveTitle?.({ params: match.params, state }) ??
    (titleKey ? t(titleKey) : null);
  return label ? substituteParams(label, match.params) : null;
}

/**
 * The trail for the matched routes, outermost first: every route with a label becomes a
 * crumb, after the crumbs its page put before it; an index route shares its parent's path, and
 * the deeper label wins.
 */
export function buildBreadcrumbs<S>(
  matches: readonly RouteMatchLike[],
  sources: LabelSources<S>,
): Crumb[] {
  const crumbs: Crumb[] = [];
  for (const match of matches) {
    const label = labelFor(match, sources);
    if (!label) continue;
    const path = trimSlash(match.pathname);
    if (crumbs.at(-1)?.path === path) crumbs.pop();
    const parents = sources.parents && registered(sources.parents, path)?.value;
    for (const parent of parents ?? []) {
      if (!crumbs.some((crumb) => crumb.path === parent.path)) crumbs.push(parent);
    }
    crumbs.push({ label, path });
  }
  return crumbs;
}

/** The deepest label: what the page is called in the trail and in the window title. */
export function currentLabel<S>(
  matches: readonly RouteMatchLike[],
  sources: LabelSources<S>,
): string | null {
  return buildBreadcrumbs(matches, sources).at(-1)?.label ?? null;
}

/** A registry pages write to while they are shown; the trail re-renders on every change. */
function createRegistry<V>() {
  let entries: ReadonlyMap<string, V> = new Map();
  const listeners = new Set<() => void>();
  const publish = (next: Map<string, V>) => {
    entries = next;
    listeners.forEach((listener) => listener());
  };
  return {
    register(pattern: string, value: V) {
      if (entries.get(pattern) === value) return;
      publish(new Map(entries).set(pattern, value));
    },
    unregister(pattern: string) {
      if (!entries.has(pattern)) return;
      const next = new Map(entries);
      next.delete(pattern);
      publish(next);
    },
    snapshot: (): ReadonlyMap<string, V> => entries,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** A registry of the labels pages give themselves. */
export const createLabelRegistry = () => createRegistry<string>();

export type BreadcrumbLabelRegistry = ReturnType<typeof createLabelRegistry>;

/** The app's registry (useBreadcrumbLabel writes to it). */
export const breadcrumbLabels = createLabelRegistry();

/** The app's crumbs that pages put before their own (useBreadcrumbLabel writes them too). */
export const breadcrumbParents = createRegistry<readonly Crumb[]>();
