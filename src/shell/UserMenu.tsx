import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { Avatar } from '@/components/ui/Avatar';
import { Icon } from '@/components/ui/Icon';
import { paths } from '@/config/paths';
import { signOut } from '@/session/authSlice';
import {
  menuCollapseToggled,
  selectLayoutType,
  selectMenuSize,
  selectViewport,
} from '@/preferences/layoutSlice';
import { selectDisplayName, selectProfilePicture } from '@/session/userSlice';

/**
 * The person's menu in the topbar. Its items exist only while it is open, so 'Sign out' here
 * never competes with a page's own Sign out button.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const name = useAppSelector(selectDisplayName);
  const picture = useAppSelector(selectProfilePicture);
  const viewport = useAppSelector(selectViewport);
  const layout = useAppSelector(selectLayoutType);
  const collapsed = useAppSelector(selectMenuSize) !== 'default';
  // Collapsing applies to the vertical sidebar on a wide screen only.
  const canCollapse = layout === 'vertical' && viewport !== 'phone';

  return (
    <Dropdown align="end">
      <Dropdown.Toggle variant="link" className="app-topbar-btn app-user-toggle">
        <Avatar name={name} picture={picture} />
        <span className="app-user-toggle-name">{name || t('userMenu.account')}</span>
      </Dropdown.Toggle>
      <Dropdown.Menu role="menu" className="shadow-sm">
        {canCollapse && (
          <Dropdown.Item
            as="button"
            type="button"
            role="menuitem"
            onClick={() => dispatch(menuCollapseToggled())}
          >
            <Icon name={collapsed ? 'expand' : 'collapse'} className="me-2" />
            {collapsed ? t('layout.expandMenu') : t('layout.collapseMenu')}
          </Dropdown.Item>
        )}
        <Dropdown.Item as={Link} to={paths.settings} role="menuitem">
          <Icon name="settings" className="me-2" />
          {t('userMenu.settings')}
        </Dropdown.Item>
        <Dropdown.Item as="button" type="button" role="menuitem" disabled>
          <Icon name="support" className="me-2" />
          {t('userMenu.support')}
          <span className="visually-hidden"> ({t('userMenu.unavailable')})</span>
        </Dropdown.Item>
        {/* Will open paths.lockScreen once the lock screen exists. */}
        <Dropdown.Item as="button" type="button" role="menuitem" disabled>
          <Icon name="lock" className="me-2" />
          {t('userMenu.lockAccount')}
          <span className="visually-hidden"> ({t('userMenu.unavailable')})</span>
        </Dropdown.Item>
        <Dropdown.Divider />
        <Dropdown.Item
          as="button"
          type="button"
          role="menuitem"
          onClick={() => dispatch(signOut())}
        >
          <Icon name="signOut" className="me-2" />
          {t('auth.signOut')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
