import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import type { Address } from '@common/partners';
import { useAppDispatch } from '@/store/hooks';
import { notify } from '@/notifications/notificationsSlice';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import type { PartnerTabProps } from '@/slots/partnerPage';
import { removeAddress, saveAddress } from '@/features/partners/partnersSlice';
import { EmptyState } from '@/components/ui/RequestFeedback';
import { useConfirmedChange } from '@/notifications/useConfirmedChange';
import { useCountryName } from '@/countries/useCountryName';
import { AddressForm, type AddressFormValues } from '@/companies/AddressForm';
import { fieldMessages, isApiError, isStaleVersion } from '@/lib/api-error';
import type { TranslationKey } from '@/lib/i18n';

/** 'Keizersgracht 12', the line that names an address in buttons and dialogs. */
const streetLine = (address: Address) =>
  [address.street, address.houseNumber].filter(Boolean).join(' ');

/** The partner's addresses (the first is the company address); add, change, delete. */
export function AddressesTab({ partner, can }: PartnerTabProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const countryName = useCountryName();
  // null: closed; 'new': adding; an address: changing it.
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>();
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    setEditing(null);
    setFieldErrors(undefined);
    setProblem(null);
  };

  const save = async (values: AddressFormValues) => {
    const existing = editing === 'new' ? undefined : (editing ?? undefined);
    try {
      await dispatch(
        saveAddress({ partnerUuid: partner.uuid, address: existing, body: values }),
      ).unwrap();
      dispatch(
        existing
          ? notify.success(
              'partners.notices.addressSaved.title',
              'partners.notices.addressSaved.message',
            )
          : notify.success(
              'partners.notices.addressAdded.title',
              'partners.notices.addressAdded.message',
            ),
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
    (address: Address) => dispatch(removeAddress({ partnerUuid: partner.uuid, address })).unwrap(),
    () =>
      notify.success(
        'partners.notices.addressDeleted.title',
        'partners.notices.addressDeleted.message',
      ),
  );

  return (
    <Card className="shadow-sm">
      <Card.Body className="p-3 p-sm-4">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <h2 className="h5 mb-0 me-auto">{t('partners.addresses.heading')}</h2>
          {can.edit && (
            <Button size="sm" onClick={() => setEditing('new')}>
              {t('partners.addresses.add')}
            </Button>
          )}
        </div>
        {partner.addresses.length === 0 ? (
          <EmptyState>{t('partners.addresses.empty')}</EmptyState>
        ) : (
          <div className="row g-3">
            {partner.addresses.map((address, index) => (
              <div key={address.uuid} className="col-md-6">
                <div className="border rounded-3 p-3 h-100 d-flex flex-column">
                  <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
                    <span className="fw-semibold me-auto">
                      {t(`address.types.${address.type}` as TranslationKey)}
                    </span>
                    {index === 0 && (
                      <Badge bg="primary">{t('partners.addresses.companyAddress')}</Badge>
                    )}
                  </div>
                  <address className="mb-3">
                    {streetLine(address)}
                    <br />
                    {[address.postCode, address.city].filter(Boolean).join(' ')}
                    <br />
                    {countryName(address.country)}
                  </address>
                  {can.edit && (
                    <div className="d-flex gap-2 mt-auto">
                      <Button
                        variant="outline-primary"
                        size="sm"
                        onClick={() => setEditing(address)}
                        aria-label={t('partners.addresses.editNamed', {
                          address: streetLine(address),
                        })}
                      >
                        {t('partners.actions.edit')}
                      </Button>
                      <Button
                        variant="outline-danger"
                        size="sm"
                        onClick={() => deleting.ask(address)}
                        aria-label={t('partners.addresses.deleteNamed', {
                          address: streetLine(address),
                        })}
                      >
                        {t('partners.actions.delete')}
                      </Button>
                    </div>
                  )}
                </div>
              </div>
            ))}
          </div>
        )}
      </Card.Body>

      <Modal show={editing !== null} onHide={close} centered aria-labelledby="address-modal-title">
        <Modal.Header closeButton closeLabel={t('partners.actions.close')}>
          <Modal.Title id="address-modal-title" as="h2" className="h5">
            {editing === 'new'
              ? t('partners.addresses.addTitle')
              : t('partners.addresses.editTitle')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {problem && <Alert variant="danger">{problem}</Alert>}
          {editing !== null && (
            <AddressForm
              idPrefix="partner-address"
              initial={
                editing === 'new'
                  ? { country: partner.country ?? '' }
                  : { ...editing, country: editing.country === '-' ? '' : editing.country }
              }
              fieldErrors={fieldErrors}
              submitLabel={t('partners.addresses.save')}
              onSubmit={save}
            />
          )}
        </Modal.Body>
      </Modal>

      <ConfirmDialog
        {...deleting.dialog}
        title={t('partners.addresses.deleteTitle')}
        message={t('partners.addresses.deleteMessage', {
          address: deleting.pending ? streetLine(deleting.pending) : '',
        })}
        confirmLabel={t('partners.actions.delete')}
      />
    </Card>
  );
}
