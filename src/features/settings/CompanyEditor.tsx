import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { levelAllows } from '@common/partner-access';
import type { TradePartner } from '@common/partners';
import { useAppDispatch } from '@/store/hooks';
import { notify } from '@/notifications/notificationsSlice';
import { SaveErrorAlert } from '@/features/settings/SaveErrorAlert';
import { SETTINGS_MAX_WIDTH } from '@/features/settings/settingsLayout';
import { TermsCard } from '@/features/settings/TermsCard';
import { useCompanySave } from '@/features/settings/useCompanySave';
import { AddressForm } from '@/companies/AddressForm';
import { CompanyForm } from '@/companies/CompanyForm';
import {
  addressFormValuesOf,
  companyFormValuesOf,
  type AddressFormValues,
  type CompanyFormValues,
} from '@/companies/formValues';
import { currentPartnerSet } from '@/session/tradePartnerSlice';

/** What the user may do in their company (docs/api/partners.md, access levels). */
function accessOf(partner: TradePartner) {
  // Older answers may lack the access level: the role OWNER stands for it.
  const level = partner.accessLevel ?? (partner.role === 'OWNER' ? 'OWNER' : null);
  return {
    canEdit: levelAllows(level, 'change'),
    canAcceptTerms: levelAllows(level, 'acceptTerms'),
  };
}

interface CompanyEditorProps {
  partner: TradePartner;
  /** All the user's partners: with more than one, a choice of which to edit. */
  partners: readonly TradePartner[];
}

/** The company page for a user with a company: its data, its first address and the terms. */
export function CompanyEditor({ partner, partners }: CompanyEditorProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const companySave = useCompanySave();
  const addressSave = useCompanySave();
  const { canEdit, canAcceptTerms } = accessOf(partner);

  const saveCompanyData = async (company: CompanyFormValues) => {
    if (await companySave.save({ partner, company })) {
      dispatch(notify.success('company.saved.title', 'company.saved.message'));
    }
  };
  const saveAddress = async (address: AddressFormValues) => {
    if (await addressSave.save({ partner, address })) {
      dispatch(notify.success('address.saved.title', 'address.saved.message'));
    }
  };

  return (
    <div className="d-grid gap-4" style={{ maxWidth: SETTINGS_MAX_WIDTH }}>
      {partners.length > 1 && (
        <Form.Group controlId="company-choice" style={{ maxWidth: '28rem' }}>
          <Form.Label>{t('company.choose')}</Form.Label>
          <Form.Select
            value={partner.uuid}
            onChange={(event) =>
              dispatch(
                currentPartnerSet(
                  partners.find((item) => item.uuid === event.target.value) ?? null,
                ),
              )
            }
          >
            {partners.map((item) => (
              <option key={item.uuid} value={item.uuid}>
                {item.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      )}
      {!canEdit && <p className="text-body-secondary mb-0">{t('company.readOnly')}</p>}
      <Card className="shadow-sm">
        <Card.Body className="p-4">
          <h2 className="h5 mb-3">{t('company.sections.company')}</h2>
          <SaveErrorAlert error={companySave.error} />
          <fieldset disabled={!canEdit}>
            {/* A new version (saved here, or by someone else first) starts the form from it. */}
            <CompanyForm
              key={`${partner.uuid}:${partner.version}`}
              initial={companyFormValuesOf(partner)}
              onSubmit={saveCompanyData}
              submitLabel={t('company.saveData')}
              fieldErrors={companySave.companyErrors}
            />
          </fieldset>
        </Card.Body>
      </Card>
      <Card className="shadow-sm">
        <Card.Body className="p-4">
          <h2 className="h5 mb-3">{t('company.sections.address')}</h2>
          <SaveErrorAlert error={addressSave.error} />
          <fieldset disabled={!canEdit}>
            <AddressForm
              key={`${partner.uuid}:${partner.addresses[0]?.version ?? 0}`}
              initial={addressFormValuesOf(partner.addresses[0])}
              onSubmit={saveAddress}
              submitLabel={t('address.save')}
              fieldErrors={addressSave.addressErrors}
            />
          </fieldset>
        </Card.Body>
      </Card>
      <TermsCard partner={partner} canAccept={canAcceptTerms} />
    </div>
  );
}
