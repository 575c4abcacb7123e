import { CompanyFields } from '@/companies/CompanyFields';
import { EMPTY_COMPANY, validateCompany, type CompanyFormValues } from '@/companies/formValues';
import { ModelForm, type RecordFormProps } from '@/companies/ModelForm';

export type { CompanyFormValues } from '@/companies/formValues';

/** `idPrefix` defaults to 'company'. */
export type CompanyFormProps = RecordFormProps<CompanyFormValues>;

/**
 * A trade partner's company data: name (required), legal form, country of registration, CoC
 * and VAT numbers, e-mail, phone and website. Used by the company settings and the trade
 * partner screens.
 */
export function CompanyForm({ idPrefix = 'company', ...props }: CompanyFormProps) {
  return (
    <ModelForm
      {...props}
      idPrefix={idPrefix}
      empty={EMPTY_COMPANY}
      validate={validateCompany}
      Fields={CompanyFields}
    />
  );
}
