import { useState } from 'react';
import Collapse from 'react-bootstrap/Collapse';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { useMainMenu, useMenuLabel } from '@/shell/useMainMenu';
import { Icon } from '@/components/ui/Icon';
import type { MenuItem } from '@/shell/menuItems';

interface EntryProps {
  item: MenuItem;
  /** Keys of the submenus above this entry. */
  ancestors: string[];
  activeChain: string[];
  openKeys: string[];
  onToggle: (key: string, ancestors: string[]) => void;
}

function EntryContent({ item, label }: { item: MenuItem; label: string }) {
  return (
    <>
      {item.icon && <Icon name={item.icon} size={18} className="app-menu-icon" />}
      <span className="app-menu-label">{label}</span>
      {item.badge && (
        <span className={`badge ms-auto text-bg-${item.badge.variant}`}>{item.badge.text}</span>
      )}
    </>
  );
}

function Entry({ item, ancestors, activeChain, openKeys, onToggle }: EntryProps) {
  const { t } = useTranslation();
  const labelOf = useMenuLabel();
  const label = labelOf(item);

  if (item.isTitle) {
    return <li className="app-menu-title">{label}</li>;
  }
  if (item.isDisabled) {
    return (
      <li className="app-menu-item">
        <span className="app-menu-link disabled" aria-disabled="true" title={t('menu.unavailable')}>
          <EntryContent item={item} label={label} />
          <span className="visually-hidden"> ({t('menu.unavailable')})</span>
        </span>
      </li>
    );
  }
  if (item.children) {
    const open = openKeys.includes(item.key);
    const id = `app-submenu-${item.key}`;
    return (
      <li className="app-menu-item">
        <button
          type="button"
          className={`app-menu-link${activeChain.includes(item.key) ? ' active' : ''}`}
          aria-expanded={open}
          aria-controls={id}
          onClick={() => onToggle(item.key, ancestors)}
        >
          <EntryContent item={item} label={label} />
          <Icon name={open ? 'chevronDown' : 'chevronRight'} size={14} className="app-menu-arrow" />
        </button>
        <Collapse in={open}>
          <ul id={id} className="app-submenu">
            {item.children.map((child) => (
              <Entry
                key={child.key}
                item={child}
                ancestors={[...ancestors, item.key]}
                activeChain={activeChain}
                openKeys={openKeys}
                onToggle={onToggle}
              />
            ))}
          </ul>
        </Collapse>
      </li>
    );
  }
  return (
    <li className="app-menu-item">
      <NavLink
        to={item.url ?? '#'}
        end
        className={({ isActive }) =>
          `app-menu-link${isActive || activeChain.includes(item.key) ? ' active' : ''}`
        }
      >
        <EntryContent item={item} label={label} />
      </NavLink>
    </li>
  );
}

/**
 * The main menu as a vertical list: the call-to-action buttons, then the section titles and
 * entries. Submenus stay closed except those holding the active entry.
 */
export function SidebarNav() {
  const { t } = useTranslation();
  const labelOf = useMenuLabel();
  const { items, activeChain, pathname } = useMainMenu();
  const [openKeys, setOpenKeys] = useState<string[]>(activeChain);
  // After each navigation only the active chain is open (state adjusted while rendering).
  const [openFor, setOpenFor] = useState(pathname);
  if (openFor !== pathname) {
    setOpenFor(pathname);
    setOpenKeys(activeChain);
  }

  const toggle = (key: string, ancestors: string[]) =>
    setOpenKeys((keys) =>
      keys.includes(key) ? keys.filter((k) => k !== key) : [...ancestors, key],
    );

  const buttons = items.filter((item) => item.isButton);
  const entries = items.filter((item) => !item.isButton);

  return (
    <nav aria-label={t('menu.label')} data-layout="vertical" className="app-menu-nav">
      {buttons.length > 0 && (
        <div className="app-menu-actions" role="group" aria-label={t('menu.actions')}>
          {buttons.map((item) => (
            <Link key={item.key} to={item.url ?? '#'} className="btn app-menu-action">
              <EntryContent item={item} label={labelOf(item)} />
            </Link>
          ))}
        </div>
      )}
      <ul className="app-menu">
        {entries.map((item) => (
          <Entry
            key={item.key}
            item={item}
            ancestors={[]}
            activeChain={activeChain}
            openKeys={openKeys}
            onToggle={toggle}
          />
        ))}
      </ul>
    </nav>
  );
}
