import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useTranslation } from 'react-i18next';
import type { AddressData, StepIssue } from '@common/kyc-steps';
import { countryOptions, SelectInput, TextInput, withField, type Option } from '@/kyc-forms/fields';
import { issueAt, issuesWithin } from '@/kyc-forms/issues';
import { StepDocuments } from '@/kyc-forms/StepDocuments';
import type { Draft, StepFormProps } from '@/kyc-forms/types';

type AddressDraft = Draft<AddressData>;

interface AddressFieldsProps {
  legend: string;
  value: AddressDraft;
  onChange: (value: AddressDraft) => void;
  /** Relative to the address: 'city'. */
  issues: readonly StepIssue[];
  countries: readonly Option[];
  idPrefix: string;
}

/** One address as a group named by its legend, so its fields can be told apart from another's. */
function AddressFields({
  legend,
  value,
  onChange,
  issues,
  countries,
  idPrefix,
}: AddressFieldsProps) {
  const { t } = useTranslation();
  const field = <K extends keyof AddressDraft & string>(key: K) => ({
    id: `${idPrefix}-${key}`,
    value: value[key],
    issue: issueAt(issues, key),
    onChange: (next: string) => onChange(withField(value, key, next)),
    required: true,
  });
  return (
    <fieldset>
      <legend className="h6 mb-2">{legend}</legend>
      <Row className="g-3">
        <TextInput
          {...field('street')}
          label={t('kycForms.addresses.street')}
          autoComplete="address-line1"
          className="col-8 col-md-9"
        />
        <TextInput
          {...field('houseNumber')}
          label={t('kycForms.addresses.houseNumber')}
          className="col-4 col-md-3"
        />
        <TextInput
          {...field('postCode')}
          label={t('kycForms.addresses.postCode')}
          autoComplete="postal-code"
          className="col-sm-4 col-md-3"
        />
        <TextInput
          {...field('city')}
          label={t('kycForms.addresses.city')}
          autoComplete="address-level2"
          className="col-sm-8 col-md-5"
        />
        <SelectInput
          {...field('country')}
          label={t('kycForms.addresses.country')}
          placeholder={t('kycForms.selectCountry')}
          options={countries}
          autoComplete="country"
          className="col-md-4"
        />
      </Row>
    </fieldset>
  );
}

/** The registered address and, when it differs, the address the company operates from. */
export function AddressesForm({
  value,
  onChange,
  issues,
  countries,
  documents,
  readOnly,
  idPrefix,
}: StepFormProps<'addresses'>) {
  const { t } = useTranslation();
  const options = countryOptions(countries);
  const differs = value.operating !== undefined;

  return (
    <div className="d-grid gap-4">
      <fieldset disabled={readOnly} className="d-grid gap-4">
        <AddressFields
          legend={t('kycForms.addresses.registered')}
          value={value.registered ?? {}}
          onChange={(registered) => onChange({ ...value, registered })}
          issues={issuesWithin(issues, 'registered')}
          countries={options}
          idPrefix={`${idPrefix}-registered`}
        />
        <div>
          <Form.Check
            type="checkbox"
            id={`${idPrefix}-operating-differs`}
            label={t('kycForms.addresses.operatingDiffers')}
            checked={differs}
            onChange={(event) =>
              onChange(withField(value, 'operating', event.target.checked ? {} : undefined))
            }
            className={differs ? 'mb-3' : 'mb-0'}
          />
          {differs && (
            <AddressFields
              legend={t('kycForms.addresses.operating')}
              value={value.operating ?? {}}
              onChange={(operating) => onChange({ ...value, operating })}
              issues={issuesWithin(issues, 'operating')}
              countries={options}
              idPrefix={`${idPrefix}-operating`}
            />
          )}
        </div>
      </fieldset>
      <StepDocuments {...documents} readOnly={readOnly} idPrefix={`${idPrefix}-documents`} />
    </div>
  );
}
