import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { AddressFields } from '@/companies/AddressFields';
import { CompanyFields } from '@/companies/CompanyFields';
import { SubmitButton } from '@/components/ui/FormField';
import {
  EMPTY_ADDRESS,
  EMPTY_COMPANY,
  validateAddress,
  validateCompany,
  withDefaults,
  type AddressFormValues,
  type CompanyFormValues,
} from '@/companies/formValues';
import { useFormModel, useSubmit } from '@/companies/useFormModel';

export interface CompanySetupValues {
  /** Absent when the form asks for the address only. */
  company?: CompanyFormValues;
  address: AddressFormValues;
}

interface CompanySetupFormProps {
  /** false: the address alone (the company exists with its data). */
  withCompany: boolean;
  initialCompany?: Partial<CompanyFormValues>;
  initialAddress?: Partial<AddressFormValues>;
  onSubmit: (values: CompanySetupValues) => Promise<void>;
  submitLabel: string;
  /** Server messages: company fields by name, address fields as 'address.<field>'. */
  companyErrors?: Record<string, string>;
  addressErrors?: Record<string, string>;
}

/**
 * Onboarding's company form: the company data and its (registered) address in one go, or the
 * address alone; one button saves both.
 */
export function CompanySetupForm({
  withCompany,
  initialCompany,
  initialAddress,
  onSubmit,
  submitLabel,
  companyErrors,
  addressErrors,
}: CompanySetupFormProps) {
  const { t } = useTranslation();
  const address = useFormModel({
    initial: withDefaults(EMPTY_ADDRESS, { type: 'REGISTERED', ...initialAddress }),
    validate: validateAddress,
    fieldErrors: addressErrors,
    idPrefix: 'setup-address',
  });
  // Without a country of its own, the company is registered where its address is.
  const company = useFormModel({
    initial: withDefaults(EMPTY_COMPANY, initialCompany),
    validate: (values: CompanyFormValues) => validateCompany(values, address.values.country),
    fieldErrors: companyErrors,
    idPrefix: 'setup-company',
  });
  const { submitting, onSubmit: submit } = useSubmit(() => {
    // The company's fields come first on screen: checked last, so its first problem gets focus.
    const addressOk = address.check();
    const companyOk = withCompany ? company.check() : true;
    if (!companyOk || !addressOk) return undefined;
    return onSubmit({
      ...(withCompany ? { company: company.values } : {}),
      address: address.values,
    });
  });

  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      {withCompany && (
        <fieldset className="mb-2">
          <legend className="h6 text-body-secondary text-uppercase small mb-3">
            {t('company.sections.company')}
          </legend>
          <CompanyFields model={company} />
        </fieldset>
      )}
      <fieldset className="mb-2">
        <legend className="h6 text-body-secondary text-uppercase small mb-3">
          {t('company.sections.address')}
        </legend>
        <AddressFields model={address} showType={false} />
      </fieldset>
      <SubmitButton label={submitLabel} busy={submitting} />
    </Form>
  );
}
