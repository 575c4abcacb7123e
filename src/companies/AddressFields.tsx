import { useTranslation } from 'react-i18next';
import { ADDRESS_TYPES } from '@common/partner-access';
import { useCountryOptions } from '@/countries/useCountryOptions';
import { SelectField, TextField } from '@/components/ui/FormField';
import type { AddressFormValues } from '@/companies/formValues';
import type { FormModel } from '@/companies/useFormModel';

interface AddressFieldsProps {
  model: FormModel<AddressFormValues>;
  /** The company address of onboarding is always the registered one: no type to choose. */
  showType?: boolean;
}

/** An address's fields, for AddressForm and the onboarding form. */
export function AddressFields({ model, showType = true }: AddressFieldsProps) {
  const { t } = useTranslation();
  const countries = useCountryOptions([model.values.country]);
  const types = ADDRESS_TYPES.map((type) => ({ value: type, label: t(`address.types.${type}`) }));
  return (
    <div className="row g-0 column-gap-3">
      {showType && (
        <SelectField
          model={model}
          field="type"
          label={t('address.fields.type')}
          options={types}
          className="mb-3 col-12"
        />
      )}
      <TextField
        model={model}
        field="street"
        label={t('address.fields.street')}
        autoComplete="address-line1"
        required
        className="mb-3 col-sm-8"
      />
      <TextField
        model={model}
        field="houseNumber"
        label={t('address.fields.houseNumber')}
        autoComplete="off"
        required
        className="mb-3 col"
      />
      <div className="w-100" />
      <TextField
        model={model}
        field="postCode"
        label={t('address.fields.postCode')}
        autoComplete="postal-code"
        required
        className="mb-3 col-sm-4"
      />
      <TextField
        model={model}
        field="city"
        label={t('address.fields.city')}
        autoComplete="address-level2"
        required
        className="mb-3 col"
      />
      <div className="w-100" />
      <SelectField
        model={model}
        field="country"
        label={t('address.fields.country')}
        placeholder={t('countries.select')}
        options={countries}
        autoComplete="country"
        required
        className="mb-3 col-12"
      />
    </div>
  );
}
