import { useEffect, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { notify } from '@/features/notifications/notificationsSlice';
import { ConfirmDialog } from '@/features/partners/ConfirmDialog';
import {
  ACCESS_LEVEL_LABELS,
  GRANTABLE_LEVELS,
  PARTNER_ROLE_LABELS,
} from '@/features/partners/labels';
import type { Member } from '@/features/partners/partnersApi';
import type { PartnerTabProps } from '@/features/partners/partnerTabs';
import {
  changeMemberAccess,
  fetchMembers,
  removePartnerMember,
  selectMembers,
} from '@/features/partners/partnersSlice';
import { EmptyState, LoadFailed, Loading } from '@/features/partners/RequestFeedback';
import type { AccessLevel } from '@/features/tradePartner/tradePartnerApi';
import { isApiError } from '@/lib/api-error';
import { personName } from '@/lib/format';

/**
 * The people of the company and their access levels. Staff, OWNER and ADMIN change levels and
 * remove members; only an OWNER (or staff) gives or takes OWNER (docs/api/partners.md).
 */
export function MembersTab({ partner, can }: PartnerTabProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const members = useAppSelector(selectMembers);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [changing, setChanging] = useState<string | null>(null);
  const current = members.partnerUuid === partner.uuid ? members : null;
  const nameOf = (member: Member) =>
    personName([member.firstName, member.lastName], member.email) || t('contacts.noContact');

  useEffect(() => {
    void dispatch(fetchMembers(partner.uuid));
  }, [dispatch, partner.uuid]);

  const failed = (error: unknown) =>
    dispatch(
      notify.error('partners.notices.failed.title', 'partners.notices.failed.message', {
        values: { reason: isApiError(error) ? error.message : String(error) },
      }),
    );

  const change = async (member: Member, accessLevel: AccessLevel) => {
    setChanging(member.userUuid);
    try {
      await dispatch(
        changeMemberAccess({ partnerUuid: partner.uuid, userUuid: member.userUuid, accessLevel }),
      ).unwrap();
      dispatch(
        notify.success('members.notices.changed.title', 'members.notices.changed.message', {
          values: { name: nameOf(member), level: t(ACCESS_LEVEL_LABELS[accessLevel]) },
        }),
      );
    } catch (error) {
      failed(error);
    } finally {
      setChanging(null);
    }
  };

  const remove = async (member: Member) => {
    try {
      await dispatch(
        removePartnerMember({ partnerUuid: partner.uuid, userUuid: member.userUuid }),
      ).unwrap();
      dispatch(
        notify.success('members.notices.removed.title', 'members.notices.removed.message', {
          values: { name: nameOf(member) },
        }),
      );
    } catch (error) {
      failed(error);
    }
  };

  const items = current?.items ?? [];
  const ownerCount = items.filter((member) => member.accessLevel === 'OWNER').length;

  return (
    <Card className="shadow-sm">
      <Card.Body className="p-3 p-sm-4">
        <h2 className="h5 mb-3">{t('members.heading')}</h2>
        {current?.status === 'failed' && (
          <LoadFailed
            message={t('members.loadFailed')}
            onRetry={() => void dispatch(fetchMembers(partner.uuid))}
          />
        )}
        {items.length === 0 && current?.status !== 'failed' && current?.status !== 'succeeded' && (
          <Loading label={t('members.loading')} />
        )}
        {current?.status === 'succeeded' && items.length === 0 && (
          <EmptyState>{t('members.empty')}</EmptyState>
        )}
        {items.length > 0 && (
          <div className="table-responsive">
            <Table className="partners-table align-middle mb-0">
              <caption className="visually-hidden">{t('members.heading')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('members.columns.name')}</th>
                  <th scope="col">{t('members.columns.email')}</th>
                  <th scope="col">{t('members.columns.role')}</th>
                  <th scope="col">{t('members.columns.accessLevel')}</th>
                  {can.manageMembers && (
                    <th scope="col">
                      <span className="visually-hidden">{t('partners.actions.label')}</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {items.map((member) => {
                  // Without the right to grant OWNER, an owner's level cannot be touched either;
                  // and a company keeps at least one owner (the server refuses with 409).
                  const isOwner = member.accessLevel === 'OWNER';
                  const locked = isOwner && (!can.grantOwner || ownerCount === 1);
                  return (
                    <tr key={member.userUuid}>
                      <th scope="row" className="partners-name">
                        {nameOf(member)}
                      </th>
                      <td data-label={t('members.columns.email')}>{member.email ?? '–'}</td>
                      <td data-label={t('members.columns.role')}>
                        <Badge bg="secondary-subtle" text="secondary-emphasis" className="border">
                          {t(PARTNER_ROLE_LABELS[member.role])}
                        </Badge>
                      </td>
                      <td data-label={t('members.columns.accessLevel')}>
                        {can.manageMembers && !locked ? (
                          <Form.Select
                            size="sm"
                            value={member.accessLevel}
                            disabled={changing === member.userUuid}
                            aria-label={t('members.levelFor', { name: nameOf(member) })}
                            onChange={(event) =>
                              void change(member, event.target.value as AccessLevel)
                            }
                            className="d-inline-block w-auto"
                          >
                            {GRANTABLE_LEVELS.map((level) => (
                              <option
                                key={level}
                                value={level}
                                disabled={level === 'OWNER' && !can.grantOwner}
                              >
                                {t(ACCESS_LEVEL_LABELS[level])}
                              </option>
                            ))}
                          </Form.Select>
                        ) : (
                          t(ACCESS_LEVEL_LABELS[member.accessLevel])
                        )}
                      </td>
                      {can.manageMembers && (
                        <td className="text-md-end">
                          {!locked && (
                            <Button
                              variant="outline-danger"
                              size="sm"
                              onClick={() => setRemoving(member)}
                              aria-label={t('members.removeNamed', { name: nameOf(member) })}
                            >
                              {t('members.remove')}
                            </Button>
                          )}
                        </td>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            </Table>
          </div>
        )}
      </Card.Body>
      <ConfirmDialog
        show={removing !== null}
        title={t('members.removeTitle')}
        message={t('members.removeMessage', { name: removing ? nameOf(removing) : '' })}
        confirmLabel={t('members.remove')}
        onConfirm={() => (removing ? remove(removing) : Promise.resolve())}
        onClose={() => setRemoving(null)}
      />
    </Card>
  );
}
