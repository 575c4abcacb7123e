import Offcanvas from 'react-bootstrap/Offcanvas';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { Brand } from '@/shell/Brand';
import { colourModeFor } from '@/shell/colourMode';
import { SidebarNav } from '@/shell/SidebarNav';
import { SidebarUser } from '@/shell/SidebarUser';
import { mobileMenuClosed, selectMenuColor, selectMobileMenuOpen } from '@/preferences/layoutSlice';

export const MOBILE_MENU_ID = 'app-mobile-menu';

/** The menu on phones: off-canvas from the left, over a backdrop; closes on navigation. */
export function MobileMenu() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectMobileMenuOpen);
  const menuColor = useAppSelector(selectMenuColor);

  return (
    <Offcanvas
      id={MOBILE_MENU_ID}
      show={open}
      onHide={() => dispatch(mobileMenuClosed())}
      placement="start"
      className="app-sidebar app-offcanvas"
      data-color={menuColor}
      data-bs-theme={colourModeFor(menuColor)}
      aria-label={t('menu.label')}
    >
      <Offcanvas.Header
        closeButton
        closeLabel={t('layout.closeMenu')}
        className="app-sidebar-brand"
      >
        <Brand />
      </Offcanvas.Header>
      <Offcanvas.Body className="app-sidebar-scroll p-0">
        <SidebarNav />
      </Offcanvas.Body>
      <SidebarUser />
    </Offcanvas>
  );
}
