import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { SEXES } from '@common/users';
import { useCountryOptions } from '@/countries/useCountryOptions';
import { validateProfile, type ProfileFormValues } from '@/features/settings/profileValues';
import { DateField } from '@/components/ui/DateInput';
import { SelectField, SubmitButton, TextField } from '@/components/ui/FormField';
import { useFormModel, useSubmit } from '@/companies/useFormModel';

interface ProfileFormProps {
  initial: ProfileFormValues;
  onSubmit: (values: ProfileFormValues) => Promise<void>;
  submitLabel: string;
  fieldErrors?: Record<string, string>;
  idPrefix?: string;
}

/** The seven profile fields of SPEC section 5, all required; the page and the modal share it. */
export function ProfileForm({
  initial,
  onSubmit,
  submitLabel,
  fieldErrors,
  idPrefix = 'profile',
}: ProfileFormProps) {
  const { t } = useTranslation();
  const model = useFormModel({ initial, validate: validateProfile, fieldErrors, idPrefix });
  const countries = useCountryOptions([model.values.country, model.values.nationality]);
  const sexes = SEXES.map((sex) => ({ value: sex, label: t(`profile.sexes.${sex}`) }));
  const { submitting, onSubmit: submit } = useSubmit(() =>
    model.check() ? onSubmit(model.values) : undefined,
  );

  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <div className="row g-0 column-gap-3">
        <TextField
          model={model}
          field="firstName"
          label={t('profile.fields.firstName')}
          autoComplete="given-name"
          required
          className="mb-3 col-sm"
        />
        <TextField
          model={model}
          field="lastName"
          label={t('profile.fields.lastName')}
          autoComplete="family-name"
          required
          className="mb-3 col-sm"
        />
        <div className="w-100" />
        <SelectField
          model={model}
          field="sex"
          label={t('profile.fields.sex')}
          placeholder={t('profile.selectSex')}
          options={sexes}
          required
          className="mb-3 col-sm"
        />
        <DateField
          model={model}
          field="birthday"
          label={t('profile.fields.birthday')}
          autoComplete="bday"
          past
          pickYear
          required
          className="mb-3 col-sm"
        />
        <div className="w-100" />
        <SelectField
          model={model}
          field="nationality"
          label={t('profile.fields.nationality')}
          placeholder={t('countries.select')}
          options={countries}
          required
          className="mb-3 col-sm"
        />
        <SelectField
          model={model}
          field="country"
          label={t('profile.fields.country')}
          placeholder={t('countries.select')}
          options={countries}
          autoComplete="country"
          required
          className="mb-3 col-sm"
        />
        <div className="w-100" />
        <TextField
          model={model}
          field="mobile"
          type="tel"
          label={t('profile.fields.mobile')}
          hint={t('profile.hints.mobile')}
          autoComplete="tel"
          required
          className="mb-3 col-12"
        />
      </div>
      <SubmitButton label={submitLabel} busy={submitting} />
    </Form>
  );
}
