import { useEffect } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import type { Invitation } from '@common/partners';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { notify } from '@/notifications/notificationsSlice';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { InviteForm } from '@/features/partners/InviteForm';
import { ACCESS_LEVEL_LABELS } from '@/features/partners/labels';
import {
  cancelInvitation,
  fetchInvitations,
  selectInvitations,
} from '@/features/partners/membersSlice';
import { entryFor } from '@/store/requests';
import { DataTable } from '@/components/ui/DataTable';
import type { PartnerTabProps } from '@/slots/partnerPage';
import { ListFeedback } from '@/components/ui/RequestFeedback';
import { useConfirmedChange } from '@/notifications/useConfirmedChange';
import { formatDate } from '@/lib/format';

const STATUS_LABELS = {
  OPEN: 'invitations.statuses.OPEN',
  ACCEPTED: 'invitations.statuses.ACCEPTED',
  REVOKED: 'invitations.statuses.REVOKED',
  EXPIRED: 'invitations.statuses.EXPIRED',
} as const satisfies Record<Invitation['status'], string>;

const STATUS_VARIANTS: Record<Invitation['status'], string> = {
  OPEN: 'info',
  ACCEPTED: 'success',
  REVOKED: 'secondary',
  EXPIRED: 'warning',
};

/** Invitations of the company (staff, OWNER, ADMIN): invite by e-mail, see their status, revoke. */
export function InvitationsTab({ partner, can }: PartnerTabProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const invitations = useAppSelector(selectInvitations);
  const current = entryFor(invitations, partner.uuid);
  const items = current?.data ?? [];
  const revoking = useConfirmedChange(
    (invitation: Invitation) =>
      dispatch(
        cancelInvitation({ partnerUuid: partner.uuid, invitationUuid: invitation.uuid }),
      ).unwrap(),
    (invitation) =>
      notify.success('invitations.notices.revoked.title', 'invitations.notices.revoked.message', {
        values: { email: invitation.email },
      }),
  );

  useEffect(() => {
    void dispatch(fetchInvitations(partner.uuid));
  }, [dispatch, partner.uuid]);

  return (
    <Card className="shadow-sm">
      <Card.Body className="p-3 p-sm-4">
        <h2 className="h5 mb-3">{t('invitations.heading')}</h2>
        <InviteForm partnerUuid={partner.uuid} grantOwner={can.grantOwner} />
        <hr className="my-4" />
        <ListFeedback
          status={current?.status}
          count={items.length}
          failed={t('invitations.loadFailed')}
          loading={t('invitations.loading')}
          empty={t('invitations.empty')}
          onRetry={() => void dispatch(fetchInvitations(partner.uuid))}
        />
        {items.length > 0 && (
          <DataTable
            caption={t('invitations.listLabel')}
            columns={[
              t('invitations.columns.email'),
              t('invitations.columns.accessLevel'),
              t('invitations.columns.status'),
              t('invitations.columns.sent'),
              t('invitations.columns.expires'),
            ]}
            withActions
          >
            {items.map((invitation) => (
              <tr key={invitation.uuid}>
                <th scope="row" className="data-table-name">
                  {invitation.email}
                </th>
                <td data-label={t('invitations.columns.accessLevel')}>
                  {t(ACCESS_LEVEL_LABELS[invitation.accessLevel])}
                </td>
                <td data-label={t('invitations.columns.status')}>
                  <Badge
                    bg={`${STATUS_VARIANTS[invitation.status]}-subtle`}
                    text={`${STATUS_VARIANTS[invitation.status]}-emphasis`}
                    className="border"
                  >
                    {t(STATUS_LABELS[invitation.status])}
                  </Badge>
                </td>
                <td data-label={t('invitations.columns.sent')}>
                  {formatDate(invitation.createdAt)}
                </td>
                <td data-label={t('invitations.columns.expires')}>
                  {formatDate(invitation.expiresAt)}
                </td>
                <td className="text-md-end">
                  {invitation.status === 'OPEN' && (
                    <Button
                      variant="outline-danger"
                      size="sm"
                      onClick={() => revoking.ask(invitation)}
                      aria-label={t('invitations.revokeNamed', { email: invitation.email })}
                    >
                      {t('invitations.revoke')}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </Card.Body>
      <ConfirmDialog
        {...revoking.dialog}
        title={t('invitations.revokeTitle')}
        message={t('invitations.revokeMessage', { email: revoking.pending?.email ?? '' })}
        confirmLabel={t('invitations.revoke')}
      />
    </Card>
  );
}
