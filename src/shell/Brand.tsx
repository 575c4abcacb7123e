import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

interface BrandProps {
  /** Also show the product line under the name. */
  withTagline?: boolean;
  className?: string;
  /** false on the public pages, whose visitors have no dashboard: the mark alone. */
  linked?: boolean;
}

/** The NT24 mark and name, linking to the dashboard. */
export function Brand({ withTagline = true, className, linked = true }: BrandProps) {
  const { t } = useTranslation();
  const content = (
    <>
      <svg className="app-brand-mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" className="app-brand-mark-bg" />
        <path d="M9 23V9l14 14V9" className="app-brand-mark-line" />
      </svg>
      <span className="app-brand-text">
        <span className="app-brand-name">NT24</span>
        {withTagline && <span className="app-brand-tagline">{t('layout.tagline')}</span>}
      </span>
    </>
  );
  const classes = className ? `app-brand ${className}` : 'app-brand';
  if (!linked) {
    return (
      <span className={classes} role="img" aria-label={t('app.name')}>
        {content}
      </span>
    );
  }
  return (
    <Link to={paths.dashboard} className={classes} aria-label={t('app.name')}>
      {content}
    </Link>
  );
}
