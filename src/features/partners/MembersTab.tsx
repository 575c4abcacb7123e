import { useEffect, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { GRANTABLE_ACCESS_LEVELS, type AccessLevel } from '@common/partner-access';
import type { Member } from '@common/partners';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { notify } from '@/notifications/notificationsSlice';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { ACCESS_LEVEL_LABELS, PARTNER_ROLE_LABELS } from '@/features/partners/labels';
import {
  changeMemberAccess,
  fetchMembers,
  removePartnerMember,
  selectMembers,
} from '@/features/partners/membersSlice';
import { entryFor } from '@/store/requests';
import { DataTable } from '@/components/ui/DataTable';
import type { PartnerTabProps } from '@/slots/partnerPage';
import { ListFeedback } from '@/components/ui/RequestFeedback';
import { useConfirmedChange, useNotifiedChange } from '@/notifications/useConfirmedChange';
import { personName } from '@/lib/format';

/**
 * The people of the company and their access levels. Staff, OWNER and ADMIN change levels and
 * remove members; only an OWNER (or staff) gives or takes OWNER (docs/api/partners.md).
 */
export function MembersTab({ partner, can }: PartnerTabProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const members = useAppSelector(selectMembers);
  const [changing, setChanging] = useState<string | null>(null);
  const current = entryFor(members, partner.uuid);
  const nameOf = (member: Member) =>
    personName([member.firstName, member.lastName], member.email) || t('contacts.noContact');

  useEffect(() => {
    void dispatch(fetchMembers(partner.uuid));
  }, [dispatch, partner.uuid]);

  const run = useNotifiedChange();
  const change = async (member: Member, accessLevel: AccessLevel) => {
    setChanging(member.userUuid);
    await run(
      () =>
        dispatch(changeMemberAccess({ partnerUuid: partner.uuid, member, accessLevel })).unwrap(),
      () =>
        notify.success('members.notices.changed.title', 'members.notices.changed.message', {
          values: { name: nameOf(member), level: t(ACCESS_LEVEL_LABELS[accessLevel]) },
        }),
    );
    setChanging(null);
  };

  const removing = useConfirmedChange(
    (member: Member) =>
      dispatch(removePartnerMember({ partnerUuid: partner.uuid, member })).unwrap(),
    (member) =>
      notify.success('members.notices.removed.title', 'members.notices.removed.message', {
        values: { name: nameOf(member) },
      }),
  );

  const items = current?.data ?? [];
  const ownerCount = items.filter((member) => member.accessLevel === 'OWNER').length;

  return (
    <Card className="shadow-sm">
      <Card.Body className="p-3 p-sm-4">
        <h2 className="h5 mb-3">{t('members.heading')}</h2>
        <ListFeedback
          status={current?.status}
          count={items.length}
          failed={t('members.loadFailed')}
          loading={t('members.loading')}
          empty={t('members.empty')}
          onRetry={() => void dispatch(fetchMembers(partner.uuid))}
        />
        {items.length > 0 && (
          <DataTable
            caption={t('members.heading')}
            columns={[
              t('members.columns.name'),
              t('members.columns.email'),
              t('members.columns.role'),
              t('members.columns.accessLevel'),
            ]}
            withActions={can.manageMembers}
          >
            {items.map((member) => {
              // Without the right to grant OWNER, an owner's level cannot be touched either;
              // and a company keeps at least one owner (the server refuses with 409).
              const isOwner = member.accessLevel === 'OWNER';
              const locked = isOwner && (!can.grantOwner || ownerCount === 1);
              return (
                <tr key={member.userUuid}>
                  <th scope="row" className="data-table-name">
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
                        onChange={(event) => void change(member, event.target.value as AccessLevel)}
                        className="d-inline-block w-auto"
                      >
                        {GRANTABLE_ACCESS_LEVELS.map((level) => (
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
                          onClick={() => removing.ask(member)}
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
          </DataTable>
        )}
      </Card.Body>
      <ConfirmDialog
        {...removing.dialog}
        title={t('members.removeTitle')}
        message={t('members.removeMessage', {
          name: removing.pending ? nameOf(removing.pending) : '',
        })}
        confirmLabel={t('members.remove')}
      />
    </Card>
  );
}
