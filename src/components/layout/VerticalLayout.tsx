import { Outlet } from 'react-router-dom';
import { useAppSelector } from '@/store/hooks';
import { Footer } from '@/components/layout/Footer';
import { MobileMenu } from '@/components/layout/MobileMenu';
import { Sidebar } from '@/components/layout/Sidebar';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/layout/SkipLink';
import { Topbar } from '@/components/layout/Topbar';
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
