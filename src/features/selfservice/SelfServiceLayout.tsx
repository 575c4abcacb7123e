import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Brand } from '@/shell/Brand';
import { Footer } from '@/shell/Footer';
import { MAIN_CONTENT_ID } from '@/shell/SkipLink';
import { ThemeToggle } from '@/shell/ThemeToggle';
import { LanguageSelector } from '@/preferences/LanguageSelector';
import '@/styles/shell.css';
import './selfservice.css';

interface SelfServiceLayoutProps {
  /** The company and the provider, once the link has been read; nothing on the neutral page. */
  heading?: { company: string; provider: string };
  children: ReactNode;
}

/** The public page's frame: a slim top bar (brand, language, light/dark), no menu, no user. */
export function SelfServiceLayout({ heading, children }: SelfServiceLayoutProps) {
  const { t } = useTranslation();
  return (
    <div className="selfservice-layout">
      <header className="app-topbar selfservice-topbar">
        <div className="app-topbar-inner container-xxl">
          <Brand linked={false} withTagline={false} />
          <div className="app-topbar-actions">
            <LanguageSelector />
            <ThemeToggle />
          </div>
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} className="container-xxl selfservice-main" tabIndex={-1}>
        {heading && (
          <h1 className="h4 mb-3 selfservice-heading">{t('selfService.heading', heading)}</h1>
        )}
        {children}
      </main>
      <Footer />
    </div>
  );
}
