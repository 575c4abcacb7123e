import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { Brand } from '@/shell/Brand';
import { Footer } from '@/shell/Footer';
import { MAIN_CONTENT_ID } from '@/shell/SkipLink';
import '@/styles/shell.css';

/** The error pages' frame: the brand and one centred card. */
export function ErrorLayout({ children }: { children?: ReactNode }) {
  return (
    <div className="app-error-layout">
      <main id={MAIN_CONTENT_ID} className="app-error-main" tabIndex={-1}>
        <div className="app-error-column">
          <div className="text-center mb-4">
            <Brand />
          </div>
          {children ?? <Outlet />}
        </div>
      </main>
      <Footer />
    </div>
  );
}
