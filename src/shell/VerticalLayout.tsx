import { Outlet } from 'react-router-dom';
import { useAppSelector } from '@/store/hooks';
import { Footer } from '@/shell/Footer';
import { MobileMenu } from '@/shell/MobileMenu';
import { Sidebar } from '@/shell/Sidebar';
import { MAIN_CONTENT_ID, SkipLink } from '@/shell/SkipLink';
import { Topbar } from '@/shell/Topbar';
import { selectLayoutMode, selectMenuSize, selectViewport } from '@/preferences/layoutSlice';

/** Sidebar on the left (off-canvas on phones), topbar, page, footer. */
export function VerticalLayout() {
  const viewport = useAppSelector(selectViewport);
  const menuSize = useAppSelector(selectMenuSize);
  const detached = useAppSelector(selectLayoutMode) === 'detached';

  return (
    <div className="app-shell" data-layout="vertical" data-menu-size={menuSize}>
      <SkipLink />
      {viewport === 'phone' ? <MobileMenu /> : <Sidebar />}
      <div className="app-page">
        <Topbar contained={false} />
        <main id={MAIN_CONTENT_ID} className="app-content" tabIndex={-1}>
          <div className={detached ? 'container-xxl' : 'container-fluid'}>
            <Outlet />
          </div>
        </main>
        <Footer />
      </div>
    </div>
  );
}
