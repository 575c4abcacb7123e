import NavDropdown from 'react-bootstrap/NavDropdown';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { useAppSelector } from '@/store/hooks';
import { colourModeFor } from '@/shell/colourMode';
import { useMainMenu, useMenuLabel } from '@/shell/useMainMenu';
import { Icon } from '@/components/ui/Icon';
import type { MenuItem } from '@/shell/menuItems';
import { selectMenuColor } from '@/preferences/layoutSlice';

/** The horizontal layout's menu: one row under the topbar (992 px and wider). */
export function HorizontalNav({ contained }: { contained: boolean }) {
  const { t } = useTranslation();
  const labelOf = useMenuLabel();
  const { items, activeChain } = useMainMenu();
  const menuColor = useAppSelector(selectMenuColor);
  const buttons = items.filter((item) => item.isButton);
  // Section titles order a vertical list; a single row does without them.
  const entries = items.filter((item) => !item.isButton && !item.isTitle);

  const link = (item: MenuItem) =>
    item.isDisabled ? (
      <span className="app-topnav-link disabled" aria-disabled="true" title={t('menu.unavailable')}>
        {item.icon && <Icon name={item.icon} size={16} />}
        {labelOf(item)}
        <span className="visually-hidden"> ({t('menu.unavailable')})</span>
      </span>
    ) : (
      <NavLink
        to={item.url ?? '#'}
        end
        className={({ isActive }) =>
          `app-topnav-link${isActive || activeChain.includes(item.key) ? ' active' : ''}`
        }
      >
        {item.icon && <Icon name={item.icon} size={16} />}
        {labelOf(item)}
      </NavLink>
    );

  return (
    <nav
      aria-label={t('menu.label')}
      data-layout="horizontal"
      className="app-topnav"
      data-color={menuColor}
      data-bs-theme={colourModeFor(menuColor)}
    >
      <div className={`app-topnav-inner ${contained ? 'container-xxl' : 'container-fluid'}`}>
        <ul className="app-topnav-list">
          {entries.map((item) => (
            <li key={item.key}>
              {item.children ? (
                <NavDropdown
                  title={labelOf(item)}
                  className={activeChain.includes(item.key) ? 'active' : undefined}
                >
                  {item.children.map((child) => (
                    <NavDropdown.Item key={child.key} as={Link} to={child.url ?? '#'}>
                      {labelOf(child)}
                    </NavDropdown.Item>
                  ))}
                </NavDropdown>
              ) : (
                link(item)
              )}
            </li>
          ))}
        </ul>
        {buttons.length > 0 && (
          <div className="app-topnav-actions" role="group" aria-label={t('menu.actions')}>
            {buttons.map((item) => (
              <Link key={item.key} to={item.url ?? '#'} className="btn btn-sm app-menu-action">
                {item.icon && <Icon name={item.icon} size={16} />}
                <span>{labelOf(item)}</span>
              </Link>
            ))}
          </div>
        )}
      </div>
    </nav>
  );
}
