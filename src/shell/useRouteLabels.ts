import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router-dom';
import { useAppSelector } from '@/store/hooks';
import type { RootState } from '@/app/store';
import { isStaff } from '@common/roles';
import { selectRoles } from '@/session/userSlice';
import {
  breadcrumbLabels,
  breadcrumbParents,
  buildBreadcrumbs,
  handleOf,
  type Crumb,
  type RouteMatchLike,
} from '@/lib/breadcrumbs';

const sameLabels = (a: readonly (string | null)[], b: readonly (string | null)[]) =>
  a.length === b.length && a.every((label, i) => label === b[i]);

/**
 * The current route's breadcrumb trail, its last crumb being the page's own label (also the
 * window title). Resolvers on route handles read the store; pages add labels through
 * useBreadcrumbLabel.
 */
export function useRouteLabels(): { crumbs: Crumb[]; title: string | null } {
  const { t } = useTranslation();
  const matches = useMatches() as RouteMatchLike[];
  const registry = useSyncExternalStore(breadcrumbLabels.subscribe, breadcrumbLabels.snapshot);
  const parents = useSyncExternalStore(breadcrumbParents.subscribe, breadcrumbParents.snapshot);
  const staff = isStaff(useAppSelector(selectRoles));
  // Only the resolved labels, so the trail re-renders when a name changes, not on every action.
  const resolved = useAppSelector(
    (state: RootState) =>
      matches.map(
        (match) =>
          handleOf<RootState>(match)?.resolveTitle?.({ params: match.params, state }) ?? null,
      ),
    sameLabels,
  );

  return useMemo(() => {
    const withResolved = matches.map((match, i) => ({
      ...match,
      handle: { ...handleOf(match), resolveTitle: () => resolved[i] },
    }));
    const crumbs = buildBreadcrumbs(withResolved, { t, state: null, registry, parents, staff });
    return { crumbs, title: crumbs.at(-1)?.label ?? null };
  }, [matches, resolved, registry, parents, t, staff]);
}

/**
 * Names the page at `pattern` ('/partners/:partnerUuid') in the trail and the window title
 * while the calling page is shown, after the `parents` given, if any; null registers nothing
 * (the name is not known yet).
 */
export function useBreadcrumbLabel(
  pattern: string,
  label: string | null,
  parents?: readonly Crumb[],
): void {
  // The crumbs as one value, so that the same ones given anew change nothing.
  const parentsKey = parents ? JSON.stringify(parents) : null;
  useEffect(() => {
    if (!label) return;
    breadcrumbLabels.register(pattern, label);
    if (parentsKey) breadcrumbParents.register(pattern, JSON.parse(parentsKey) as Crumb[]);
    return () => {
      breadcrumbLabels.unregister(pattern);
      breadcrumbParents.unregister(pattern);
    };
  }, [pattern, label, parentsKey]);
}
