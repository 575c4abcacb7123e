import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useAppDispatch } from '@/store/hooks';
import { partnerPath } from '@/config/paths';
import { notify } from '@/notifications/notificationsSlice';
import type { CompanySearch } from '@/features/partners/partnersApi';
import { createPartner } from '@/features/partners/partnersSlice';
import { conflictOf, orNull } from '@/features/partners/serverErrors';
import { AddressForm, type AddressFormValues } from '@/companies/AddressForm';
import { CompanyForm, type CompanyFormValues } from '@/companies/CompanyForm';
import { fieldMessages, isApiError, type ApiError } from '@/lib/api-error';

type Problem =
  | { kind: 'conflict'; message: string; existing: { uuid: string; name: string } | null }
  | { kind: 'failed'; message: string };

interface NewPartnerFormProps {
  /** What was searched for: the company form starts from it. */
  search: CompanySearch | null;
  onCancel: () => void;
}

/**
 * Creating a trade partner in two steps: the company (prefilled from the search), then its
 * address; one POST /api/partners at the end, then the new partner's page.
 */
export function NewPartnerForm({ search, onCancel }: NewPartnerFormProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [step, setStep] = useState<'company' | 'address'>('company');
  const [company, setCompany] = useState<Partial<CompanyFormValues>>(() => ({
    name: search?.name.trim() ?? '',
    cocNumber: search?.cocNumber.trim() ?? '',
    vatNumber: search?.vatNumber.trim() ?? '',
    country: search?.country ?? '',
  }));
  const [address, setAddress] = useState<Partial<AddressFormValues>>({});
  // A new key restarts a form from the values above (they are read on mount).
  const [formKey, setFormKey] = useState(0);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [companyErrors, setCompanyErrors] = useState<Record<string, string>>();
  const [addressErrors, setAddressErrors] = useState<Record<string, string>>();

  const toCompanyStep = () => {
    setStep('company');
    setFormKey((key) => key + 1);
  };

  const submitCompany = async (values: CompanyFormValues) => {
    setCompany(values);
    setAddress((current) => ({ type: 'REGISTERED', country: values.country, ...current }));
    setProblem(null);
    setStep('address');
    setFormKey((key) => key + 1);
  };

  const fail = (error: ApiError, values: CompanyFormValues) => {
    if (error.status === 409) {
      const { field, existing } = conflictOf(error);
      setProblem({ kind: 'conflict', message: error.message, existing });
      setCompanyErrors(field ? { [field]: error.message } : undefined);
      toCompanyStep();
      return;
    }
    const companyErrors = fieldMessages(error);
    setProblem({ kind: 'failed', message: error.message });
    setAddressErrors(fieldMessages(error, 'address'));
    if (Object.keys(companyErrors).length > 0) {
      setCompanyErrors(companyErrors);
      setCompany(values);
      toCompanyStep();
    }
  };

  const submitAddress = async (values: AddressFormValues) => {
    setAddress(values);
    const companyValues = company as CompanyFormValues;
    try {
      const partner = await dispatch(
        createPartner({
          name: companyValues.name.trim(),
          email: orNull(companyValues.email ?? ''),
          phone: orNull(companyValues.phone ?? ''),
          website: orNull(companyValues.website ?? ''),
          legalForm: orNull(companyValues.legalForm ?? ''),
          cocNumber: orNull(companyValues.cocNumber ?? ''),
          vatNumber: orNull(companyValues.vatNumber ?? ''),
          country: orNull(companyValues.country ?? ''),
          address: values,
        }),
      ).unwrap();
      dispatch(
        notify.success('partners.notices.created.title', 'partners.notices.created.message', {
          values: { name: partner.name },
        }),
      );
      navigate(partnerPath(partner.uuid));
    } catch (error) {
      if (isApiError(error)) fail(error, companyValues);
      else setProblem({ kind: 'failed', message: String(error) });
    }
  };

  return (
    <section aria-labelledby="new-partner-heading">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <div className="me-auto">
          <h2 id="new-partner-heading" className="h5 mb-0">
            {t('partners.create.heading')}
          </h2>
          <p className="small text-body-secondary mb-0">
            {t('partners.create.step', {
              step: step === 'company' ? 1 : 2,
              total: 2,
              name:
                step === 'company'
                  ? t('partners.create.companyStep')
                  : t('partners.create.addressStep'),
            })}
          </p>
        </div>
        <Button variant="outline-secondary" size="sm" onClick={onCancel}>
          {t('partners.create.cancel')}
        </Button>
      </div>
      {problem?.kind === 'conflict' && (
        <Alert variant="danger">
          <Alert.Heading as="h3" className="h6">
            {t('partners.create.conflictTitle')}
          </Alert.Heading>
          <p className="mb-0">{problem.message}</p>
          {problem.existing && (
            <Link
              to={partnerPath(problem.existing.uuid)}
              className="alert-link d-inline-block mt-2"
            >
              {t('partners.create.openExisting', { name: problem.existing.name })}
            </Link>
          )}
        </Alert>
      )}
      {problem?.kind === 'failed' && (
        <Alert variant="danger">
          <Alert.Heading as="h3" className="h6">
            {t('partners.create.failedTitle')}
          </Alert.Heading>
          <p className="mb-0">{problem.message}</p>
        </Alert>
      )}
      {step === 'company' ? (
        <>
          <CompanyForm
            key={`company-${formKey}`}
            idPrefix="new-company"
            initial={company}
            fieldErrors={companyErrors}
            submitLabel={t('partners.create.continue')}
            onSubmit={submitCompany}
          />
        </>
      ) : (
        <>
          <Button variant="link" className="px-0 mb-2" onClick={toCompanyStep}>
            <span aria-hidden="true">‹ </span>
            {t('partners.create.back')}
          </Button>
          <AddressForm
            key={`address-${formKey}`}
            idPrefix="new-address"
            initial={address}
            fieldErrors={addressErrors}
            submitLabel={t('partners.create.submit')}
            onSubmit={submitAddress}
          />
        </>
      )}
    </section>
  );
}
