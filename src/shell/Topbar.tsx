import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { Brand } from '@/shell/Brand';
import { Breadcrumbs } from '@/shell/Breadcrumbs';
import { DisplaySettings } from '@/shell/DisplaySettings';
import { MOBILE_MENU_ID } from '@/shell/MobileMenu';
import { colourModeFor } from '@/shell/colourMode';
import { ThemeToggle } from '@/shell/ThemeToggle';
import { UserMenu } from '@/shell/UserMenu';
import { Icon } from '@/components/ui/Icon';
import { LanguageSelector } from '@/preferences/LanguageSelector';
import {
  menuCollapseToggled,
  mobileMenuToggled,
  selectLayoutType,
  selectMenuSize,
  selectMobileMenuOpen,
  selectTopbarColor,
  selectViewport,
} from '@/preferences/layoutSlice';

/**
 * The menu button: on a phone it opens the off-canvas menu (closed by the button inside it);
 * on a wide screen it collapses the vertical sidebar to icons and back.
 */
function MenuToggle() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const viewport = useAppSelector(selectViewport);
  const layout = useAppSelector(selectLayoutType);
  const mobileOpen = useAppSelector(selectMobileMenuOpen);
  const collapsed = useAppSelector(selectMenuSize) !== 'default';

  if (viewport === 'phone') {
    return (
      <Button
        variant="link"
        className="app-topbar-btn"
        aria-label={t('layout.openMenu')}
        aria-controls={MOBILE_MENU_ID}
        aria-expanded={mobileOpen}
        onClick={() => dispatch(mobileMenuToggled())}
      >
        <Icon name="menu" size={22} />
      </Button>
    );
  }
  // The horizontal layout has no sidebar to collapse.
  if (layout === 'horizontal') return null;
  const label = collapsed ? t('layout.expandMenu') : t('layout.collapseMenu');
  return (
    <Button
      variant="link"
      className="app-topbar-btn"
      aria-label={label}
      title={label}
      aria-controls="app-sidebar"
      aria-expanded={!collapsed}
      onClick={() => dispatch(menuCollapseToggled())}
    >
      <Icon name="menu" size={22} />
    </Button>
  );
}

/** Menu button, brand (where the sidebar does not show it), breadcrumbs and the controls. */
export function Topbar({ contained }: { contained: boolean }) {
  const layout = useAppSelector(selectLayoutType);
  const viewport = useAppSelector(selectViewport);
  const topbarColor = useAppSelector(selectTopbarColor);
  const showBrand = layout === 'horizontal' || viewport === 'phone';

  return (
    <header
      className="app-topbar"
      data-color={topbarColor}
      data-bs-theme={colourModeFor(topbarColor)}
    >
      <div className={`app-topbar-inner ${contained ? 'container-xxl' : 'container-fluid'}`}>
        <MenuToggle />
        {showBrand && <Brand withTagline={viewport !== 'phone'} />}
        <Breadcrumbs className="app-topbar-breadcrumbs" />
        <div className="app-topbar-actions">
          <LanguageSelector />
          <ThemeToggle />
          <DisplaySettings />
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
