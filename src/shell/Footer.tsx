import { useTranslation } from 'react-i18next';
import { env } from '@/config/env';
import { formatDate } from '@/lib/format';

/** Copyright with this year, the build, and the About/Support/Contact links (hidden for now). */
export function Footer() {
  const { t } = useTranslation();
  const { version, id, date } = env.build;
  return (
    <footer className="app-footer">
      <div className="d-flex flex-column flex-md-row gap-1 justify-content-between">
        <span>{t('footer.copyright', { year: new Date().getFullYear() })}</span>
        <span>{t('footer.buildInfo', { version, id, date: formatDate(date) })}</span>
        {/* SPEC section 2: the links exist but are hidden until their pages do. */}
        <nav aria-label={t('footer.links')} className="d-none">
          <a href="#about">{t('footer.about')}</a>
          <a href="#support">{t('footer.support')}</a>
          <a href="#contact">{t('footer.contact')}</a>
        </nav>
      </div>
    </footer>
  );
}
