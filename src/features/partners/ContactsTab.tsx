import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import type { Contact } from '@common/partners';
import { useAppDispatch } from '@/store/hooks';
import { notify } from '@/notifications/notificationsSlice';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { ContactFormModal } from '@/features/partners/ContactFormModal';
import { contactDisplayName } from '@/companies/contactName';
import type { ContactInput } from '@common/partner-bodies';
import { removeContact, saveContact } from '@/features/partners/partnersSlice';
import { DataTable } from '@/components/ui/DataTable';
import type { PartnerTabProps } from '@/slots/partnerPage';
import { EmptyState } from '@/components/ui/RequestFeedback';
import { useConfirmedChange } from '@/notifications/useConfirmedChange';
import { fieldMessages, isApiError, isStaleVersion } from '@/lib/api-error';

/** The partner's contacts; staff and OWNER/ADMIN/EDITOR add and change them, OWNER/ADMIN delete. */
export function ContactsTab({ partner, can }: PartnerTabProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [editing, setEditing] = useState<Contact | 'new' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>();
  const nameOf = (contact: Contact) => contactDisplayName(contact) ?? t('contacts.noContact');

  const close = () => {
    setEditing(null);
    setProblem(null);
    setFieldErrors(undefined);
  };

  const save = async (body: ContactInput) => {
    const existing = editing === 'new' ? undefined : (editing ?? undefined);
    try {
      await dispatch(saveContact({ partnerUuid: partner.uuid, contact: existing, body })).unwrap();
      dispatch(
        existing
          ? notify.success('contacts.notices.saved.title', 'contacts.notices.saved.message')
          : notify.success('contacts.notices.added.title', 'contacts.notices.added.message'),
      );
      close();
    } catch (error) {
      if (!isApiError(error)) throw error;
      // Someone else changed it first: the user was told, and sees it as it is now.
      if (isStaleVersion(error)) return close();
      setProblem(error.message);
      setFieldErrors(fieldMessages(error));
    }
  };

  const deleting = useConfirmedChange(
    (contact: Contact) => dispatch(removeContact({ partnerUuid: partner.uuid, contact })).unwrap(),
    () => notify.success('contacts.notices.deleted.title', 'contacts.notices.deleted.message'),
  );

  const contacts = partner.tradePartnerContacts;
  const hasActions = can.edit || can.deleteContacts;

  return (
    <Card className="shadow-sm">
      <Card.Body className="p-3 p-sm-4">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <h2 className="h5 mb-0 me-auto">{t('contacts.heading')}</h2>
          {can.edit && (
            <Button size="sm" onClick={() => setEditing('new')}>
              {t('contacts.add')}
            </Button>
          )}
        </div>
        {contacts.length === 0 ? (
          <EmptyState>{t('contacts.empty')}</EmptyState>
        ) : (
          <DataTable
            caption={t('contacts.heading')}
            columns={[
              t('contacts.columns.name'),
              t('contacts.columns.email'),
              t('contacts.columns.phone'),
              t('contacts.columns.jobTitle'),
            ]}
            withActions={hasActions}
          >
            {contacts.map((contact) => (
              <tr key={contact.uuid}>
                <th scope="row" className="data-table-name">
                  {nameOf(contact)}
                </th>
                <td data-label={t('contacts.columns.email')}>
                  {contact.email ? <a href={`mailto:${contact.email}`}>{contact.email}</a> : '–'}
                </td>
                <td data-label={t('contacts.columns.phone')}>{contact.phone ?? '–'}</td>
                <td data-label={t('contacts.columns.jobTitle')}>{contact.jobTitle ?? '–'}</td>
                {hasActions && (
                  <td className="text-md-end">
                    <div className="d-inline-flex gap-2">
                      {can.edit && (
                        <Button
                          variant="outline-primary"
                          size="sm"
                          onClick={() => setEditing(contact)}
                          aria-label={t('contacts.editNamed', { name: nameOf(contact) })}
                        >
                          {t('partners.actions.edit')}
                        </Button>
                      )}
                      {can.deleteContacts && (
                        <Button
                          variant="outline-danger"
                          size="sm"
                          onClick={() => deleting.ask(contact)}
                          aria-label={t('contacts.deleteNamed', { name: nameOf(contact) })}
                        >
                          {t('partners.actions.delete')}
                        </Button>
                      )}
                    </div>
                  </td>
                )}
              </tr>
            ))}
          </DataTable>
        )}
      </Card.Body>

      <ContactFormModal
        contact={editing}
        onSave={save}
        onClose={close}
        problem={problem}
        fieldErrors={fieldErrors}
      />
      <ConfirmDialog
        {...deleting.dialog}
        title={t('contacts.deleteTitle')}
        message={t('contacts.deleteMessage', {
          name: deleting.pending ? nameOf(deleting.pending) : '',
        })}
        confirmLabel={t('partners.actions.delete')}
      />
    </Card>
  );
}
