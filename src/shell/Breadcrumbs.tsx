import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useRouteLabels } from '@/shell/useRouteLabels';
import { Icon } from '@/components/ui/Icon';
import { paths } from '@/config/paths';

/** Home, the parents, and the current page (not a link). */
export function Breadcrumbs({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { crumbs } = useRouteLabels();
  return (
    <nav aria-label={t('breadcrumbs.label')} className={className}>
      <ol className="breadcrumb app-breadcrumb mb-0">
        <li className="breadcrumb-item">
          <Link to={paths.dashboard} className="d-inline-flex align-items-center gap-1">
            <Icon name="home" size={14} />
            {t('breadcrumbs.home')}
          </Link>
        </li>
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 ? (
            <li key={crumb.path} className="breadcrumb-item active" aria-current="page">
              {crumb.label}
            </li>
          ) : (
            <li key={crumb.path} className="breadcrumb-item">
              <Link to={crumb.path}>{crumb.label}</Link>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
