import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { TradePartner } from '@common/partners';
import { useAppDispatch } from '@/store/hooks';
import { paths } from '@/config/paths';
import { notify } from '@/notifications/notificationsSlice';
import { companyCompleted } from '@/session/onboardingSlice';
import { SaveErrorAlert } from '@/features/settings/SaveErrorAlert';
import { useCompanySave } from '@/features/settings/useCompanySave';
import { CompanySetupForm, type CompanySetupValues } from '@/companies/CompanySetupForm';
import { addressFormValuesOf, companyFormValuesOf } from '@/companies/formValues';

interface CompanySetupModalProps {
  /** 'company': company data and address; 'address': the address alone. */
  part: 'company' | 'address';
  /** The user's company when they have one; null creates it. */
  partner: TradePartner | null;
}

/**
 * Onboarding's company modal (SPEC section 2: ?showModal=company or address). It cannot be
 * dismissed; once saved the user lands on the dashboard.
 */
export function CompanySetupModal({ part, partner }: CompanySetupModalProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { save, error, companyErrors, addressErrors } = useCompanySave();
  // Without a company there is no address to add on its own.
  const withCompany = part === 'company' || !partner;

  const submit = async ({ company, address }: CompanySetupValues) => {
    const saved = await save({ partner, company, address });
    if (!saved) return;
    dispatch(companyCompleted());
    dispatch(
      withCompany
        ? notify.success('company.saved.title', 'company.saved.message')
        : notify.success('address.saved.title', 'address.saved.message'),
    );
    void navigate(paths.dashboard, { replace: true });
  };

  const titleId = 'company-modal-title';
  return (
    <Modal
      show
      backdrop="static"
      keyboard={false}
      size="lg"
      aria-labelledby={titleId}
      onHide={() => {}}
    >
      <Modal.Header>
        <Modal.Title as="h2" className="h5" id={titleId}>
          {withCompany ? t('onboarding.companyModal.title') : t('onboarding.addressModal.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="text-body-secondary">
          {withCompany ? t('onboarding.companyModal.intro') : t('onboarding.addressModal.intro')}
        </p>
        <SaveErrorAlert error={error} />
        <CompanySetupForm
          withCompany={withCompany}
          initialCompany={companyFormValuesOf(partner)}
          initialAddress={addressFormValuesOf(partner?.addresses[0])}
          onSubmit={submit}
          submitLabel={withCompany ? t('company.saveCompany') : t('address.save')}
          companyErrors={companyErrors}
          addressErrors={addressErrors}
        />
      </Modal.Body>
    </Modal>
  );
}
