import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useAppSelector } from '@/store/hooks';
import { Brand } from '@/shell/Brand';
import { colourModeFor } from '@/shell/colourMode';
import { SidebarNav } from '@/shell/SidebarNav';
import { SidebarUser } from '@/shell/SidebarUser';
import { selectMenuColor } from '@/preferences/layoutSlice';
import {
  animateScroll,
  SCROLL_TO_ACTIVE_DELAY_MS,
  SCROLL_TO_ACTIVE_DURATION_MS,
  scrollTopToReveal,
} from '@/lib/scroll';

/** After each navigation, brings the active entry into view (SPEC section 9: 200 ms, 600 ms). */
function useScrollToActive(container: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  useEffect(() => {
    let stop = () => {};
    const timer = setTimeout(() => {
      const view = container.current;
      const active = view?.querySelector<HTMLElement>('.app-menu-link.active');
      if (!view || !active) return;
      const viewBox = view.getBoundingClientRect();
      const itemBox = active.getBoundingClientRect();
      const top = scrollTopToReveal(
        { scrollTop: view.scrollTop, height: view.clientHeight },
        { top: itemBox.top - viewBox.top + view.scrollTop, height: itemBox.height },
      );
      if (top !== null) stop = animateScroll(view, top, SCROLL_TO_ACTIVE_DURATION_MS);
    }, SCROLL_TO_ACTIVE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [pathname, container]);
}

/** The vertical layout's sidebar on screens of 992 px and wider. */
export function Sidebar() {
  const { t } = useTranslation();
  const menuColor = useAppSelector(selectMenuColor);
  const scroller = useRef<HTMLDivElement>(null);
  useScrollToActive(scroller);

  return (
    <aside
      id="app-sidebar"
      className="app-sidebar"
      data-color={menuColor}
      data-bs-theme={colourModeFor(menuColor)}
      aria-label={t('layout.sidebar')}
    >
      <div className="app-sidebar-brand">
        <Brand />
      </div>
      <div className="app-sidebar-scroll" ref={scroller}>
        <SidebarNav />
      </div>
      <SidebarUser />
    </aside>
  );
}
