import { Outlet } from 'react-router-dom';
import { useAppSelector } from '@/store/hooks';
import { Footer } from '@/shell/Footer';
import { HorizontalNav } from '@/shell/HorizontalNav';
import { MobileMenu } from '@/shell/MobileMenu';
import { MAIN_CONTENT_ID, SkipLink } from '@/shell/SkipLink';
import { Topbar } from '@/shell/Topbar';
import { selectLayoutMode, selectViewport } from '@/preferences/layoutSlice';

/** Topbar with the menu as a row below it (off-canvas on phones), page, footer. */
export function HorizontalLayout() {
  const viewport = useAppSelector(selectViewport);
  const detached = useAppSelector(selectLayoutMode) === 'detached';

  return (
    <div className="app-shell" data-layout="horizontal">
      <SkipLink />
      <div className="app-page">
        <div className="app-topbar-stack">
          <Topbar contained={detached} />
          {viewport === 'phone' ? <MobileMenu /> : <HorizontalNav contained={detached} />}
        </div>
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
