import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useAppSelector } from '@/store/hooks';
import { MAIN_MENU, type MenuItem } from '@/shell/menuItems';
import { selectRoles, selectViewer } from '@/session/userSlice';
import { isStaff } from '@common/roles';
import { activeMenuChain, visibleMenuItems } from '@/shell/menu';

/** The menu entries the signed-in person may see, and the chain of keys of the active one. */
export function useMainMenu() {
  const viewer = useAppSelector(selectViewer);
  const { pathname } = useLocation();
  const items = useMemo(() => visibleMenuItems(MAIN_MENU, viewer), [viewer]);
  const activeChain = useMemo(() => activeMenuChain(items, pathname), [items, pathname]);
  return { items, activeChain, pathname };
}

/** A menu item's text: its translation (staff's where it has one), else its English label. */
export function useMenuLabel() {
  const { t } = useTranslation();
  const staff = isStaff(useAppSelector(selectRoles));
  return (item: MenuItem) => {
    const key = (staff ? item.staffTranslationKey : undefined) ?? item.translationKey;
    return key ? t(key) : item.label;
  };
}
