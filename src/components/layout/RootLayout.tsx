import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router-dom';
import type { TranslationKey } from '@/lib/i18n';

/** What a route may declare in its `handle`; breadcrumbs will read the same title. */
export interface RouteHandle {
  titleKey?: TranslationKey;
}

function useRouteTitleKey(): TranslationKey | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.titleKey) return handle.titleKey;
  }
  return undefined;
}

/** The frame around every page. The next issue's shell (sidebar, topbar, footer) grows here. */
export function RootLayout() {
  const { t } = useTranslation();
  const titleKey = useRouteTitleKey();

  useEffect(() => {
    document.title = titleKey ? t('app.pageTitle', { page: t(titleKey) }) : t('app.name');
  }, [t, titleKey]);

  return <Outlet />;
}
