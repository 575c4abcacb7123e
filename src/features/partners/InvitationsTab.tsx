import { useEffect, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { notify } from '@/features/notifications/notificationsSlice';
import { ConfirmDialog } from '@/features/partners/ConfirmDialog';
import { InviteForm } from '@/features/partners/InviteForm';
import { ACCESS_LEVEL_LABELS } from '@/features/partners/labels';
import type { Invitation } from '@/features/partners/partnersApi';
import type { PartnerTabProps } from '@/features/partners/partnerTabs';
import {
  cancelInvitation,
  fetchInvitations,
  selectInvitations,
} from '@/features/partners/partnersSlice';
import { EmptyState, LoadFailed, Loading } from '@/features/partners/RequestFeedback';
import { isApiError } from '@/lib/api-error';
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
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const current = invitations.partnerUuid === partner.uuid ? invitations : null;
  const items = current?.items ?? [];

  useEffect(() => {
    void dispatch(fetchInvitations(partner.uuid));
  }, [dispatch, partner.uuid]);

  const revoke = async (invitation: Invitation) => {
    try {
      await dispatch(
        cancelInvitation({ partnerUuid: partner.uuid, invitationUuid: invitation.uuid }),
      ).unwrap();
      dispatch(
        notify.success('invitations.notices.revoked.title', 'invitations.notices.revoked.message', {
          values: { email: invitation.email },
        }),
      );
    } catch (error) {
      dispatch(
        notify.error('partners.notices.failed.title', 'partners.notices.failed.message', {
          values: { reason: isApiError(error) ? error.message : String(error) },
        }),
      );
    }
  };

  return (
    <Card className="shadow-sm">
      <Card.Body className="p-3 p-sm-4">
        <h2 className="h5 mb-3">{t('invitations.heading')}</h2>
        <InviteForm partnerUuid={partner.uuid} grantOwner={can.grantOwner} />
        <hr className="my-4" />
        {current?.status === 'failed' && (
          <LoadFailed
            message={t('invitations.loadFailed')}
            onRetry={() => void dispatch(fetchInvitations(partner.uuid))}
          />
        )}
        {items.length === 0 && current?.status !== 'failed' && current?.status !== 'succeeded' && (
          <Loading label={t('invitations.loading')} />
        )}
        {current?.status === 'succeeded' && items.length === 0 && (
          <EmptyState>{t('invitations.empty')}</EmptyState>
        )}
        {items.length > 0 && (
          <div className="table-responsive">
            <Table className="partners-table align-middle mb-0">
              <caption className="visually-hidden">{t('invitations.listLabel')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('invitations.columns.email')}</th>
                  <th scope="col">{t('invitations.columns.accessLevel')}</th>
                  <th scope="col">{t('invitations.columns.status')}</th>
                  <th scope="col">{t('invitations.columns.sent')}</th>
                  <th scope="col">{t('invitations.columns.expires')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('partners.actions.label')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((invitation) => (
                  <tr key={invitation.uuid}>
                    <th scope="row" className="partners-name">
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
                          onClick={() => setRevoking(invitation)}
                          aria-label={t('invitations.revokeNamed', { email: invitation.email })}
                        >
                          {t('invitations.revoke')}
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        )}
      </Card.Body>
      <ConfirmDialog
        show={revoking !== null}
        title={t('invitations.revokeTitle')}
        message={t('invitations.revokeMessage', { email: revoking?.email ?? '' })}
        confirmLabel={t('invitations.revoke')}
        onConfirm={() => (revoking ? revoke(revoking) : Promise.resolve())}
        onClose={() => setRevoking(null)}
      />
    </Card>
  );
}
