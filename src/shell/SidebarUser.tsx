import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import Tooltip from 'react-bootstrap/Tooltip';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@/store/hooks';
import { Avatar } from '@/components/ui/Avatar';
import { selectDisplayName, selectProfilePicture, selectRoles } from '@/session/userSlice';
import { isRole, primaryRole, roleLabelKey, roleWords } from '@/lib/roles';

/** The signed-in person at the foot of the sidebar: name, primary role, all roles on hover. */
export function SidebarUser() {
  const { t } = useTranslation();
  const name = useAppSelector(selectDisplayName);
  const picture = useAppSelector(selectProfilePicture);
  const roles = useAppSelector(selectRoles);
  const known = roles.filter(isRole);
  const allRoles =
    known.length > 0
      ? t('layout.allRoles', { roles: known.map((role) => t(roleLabelKey(role))).join(', ') })
      : t('layout.noRoles');
  // Roles the app has no wording for are still the person's roles: list them as written.
  const others = roles.filter((role) => !isRole(role) && role.startsWith('NT24_')).map(roleWords);
  const tooltip = others.length > 0 ? `${allRoles}, ${others.join(', ')}` : allRoles;

  return (
    <OverlayTrigger placement="top" overlay={<Tooltip id="app-sidebar-roles">{tooltip}</Tooltip>}>
      {/* Focusable so the role list is reachable from the keyboard too. */}
      <div className="app-sidebar-user" tabIndex={0}>
        <Avatar name={name} picture={picture} />
        <span className="app-sidebar-user-text">
          <span className="app-sidebar-user-name">{name || t('userMenu.account')}</span>
          <span className="app-sidebar-user-role">
            <span className="visually-hidden">{t('layout.rolePrefix')} </span>
            {t(roleLabelKey(primaryRole(roles)))}
          </span>
        </span>
      </div>
    </OverlayTrigger>
  );
}
