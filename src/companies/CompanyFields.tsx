import { useTranslation } from 'react-i18next';
import { useCountryOptions } from '@/countries/useCountryOptions';
import { SelectField, TextField } from '@/components/ui/FormField';
import type { CompanyFormValues } from '@/companies/formValues';
import type { FormModel } from '@/companies/useFormModel';

/** The company's fields, for CompanyForm and the onboarding form that adds the address. */
export function CompanyFields({ model }: { model: FormModel<CompanyFormValues> }) {
  const { t } = useTranslation();
  const countries = useCountryOptions([model.values.country]);
  return (
    <div className="row g-0 column-gap-3">
      <TextField
        model={model}
        field="name"
        label={t('company.fields.name')}
        autoComplete="organization"
        required
        className="mb-3 col-12"
      />
      <TextField
        model={model}
        field="legalForm"
        label={t('company.fields.legalForm')}
        hint={t('company.hints.legalForm')}
        autoComplete="off"
        className="mb-3 col-sm"
      />
      <SelectField
        model={model}
        field="country"
        label={t('company.fields.country')}
        placeholder={t('countries.select')}
        options={countries}
        className="mb-3 col-sm"
      />
      <div className="w-100" />
      <TextField
        model={model}
        field="cocNumber"
        label={t('company.fields.cocNumber')}
        autoComplete="off"
        className="mb-3 col-sm"
      />
      <TextField
        model={model}
        field="vatNumber"
        label={t('company.fields.vatNumber')}
        hint={t('company.hints.vatNumber')}
        autoComplete="off"
        className="mb-3 col-sm"
      />
      <div className="w-100" />
      <TextField
        model={model}
        field="email"
        type="email"
        label={t('company.fields.email')}
        autoComplete="email"
        className="mb-3 col-sm"
      />
      <TextField
        model={model}
        field="phone"
        type="tel"
        label={t('company.fields.phone')}
        hint={t('company.hints.phone')}
        autoComplete="tel"
        className="mb-3 col-sm"
      />
      <TextField
        model={model}
        field="website"
        type="url"
        label={t('company.fields.website')}
        hint={t('company.hints.website')}
        autoComplete="url"
        className="mb-3 col-12"
      />
    </div>
  );
}
