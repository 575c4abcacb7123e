import Row from 'react-bootstrap/Row';
import { useTranslation } from 'react-i18next';
import { CountriesField } from '@/kyc-forms/CountriesField';
import { DecimalInput } from '@/kyc-forms/DecimalInput';
import { TextInput, withField } from '@/kyc-forms/fields';
import { issueAt } from '@/kyc-forms/issues';
import { StepDocuments } from '@/kyc-forms/StepDocuments';
import type { StepDraft, StepFormProps } from '@/kyc-forms/types';
import { YesNoField } from '@/kyc-forms/YesNoField';

type CddDraft = StepDraft<'cdd'>;

/** Customer due diligence: what the company does, where, with how much, and two declarations. */
export function CddForm({
  value,
  onChange,
  issues,
  countries,
  documents,
  readOnly,
  idPrefix,
}: StepFormProps<'cdd'>) {
  const { t } = useTranslation();
  const set = <K extends keyof CddDraft>(key: K, next: CddDraft[K]) =>
    onChange(withField(value, key, next));
  const id = (key: string) => `${idPrefix}-${key}`;

  return (
    <div className="d-grid gap-4">
      <Row as="fieldset" disabled={readOnly} className="g-3">
        <TextInput
          id={id('businessActivity')}
          label={t('kycForms.cdd.businessActivity')}
          hint={t('kycForms.cdd.businessActivityHint')}
          value={value.businessActivity}
          onChange={(next) => set('businessActivity', next)}
          issue={issueAt(issues, 'businessActivity')}
          rows={3}
          maxLength={2000}
          required
          className="col-12"
        />
        <CountriesField
          id={id('countriesOfOperation')}
          label={t('kycForms.cdd.countriesOfOperation')}
          value={value.countriesOfOperation ?? []}
          onChange={(codes) => onChange({ ...value, countriesOfOperation: codes })}
          countries={countries}
          // One refused country ('countriesOfOperation.2') is shown on the field as well.
          issue={issueAt(issues, 'countriesOfOperation', true)}
          className="col-12"
        />
        <DecimalInput
          kind="money"
          id={id('expectedMonthlyVolume')}
          label={t('kycForms.cdd.expectedMonthlyVolume')}
          hint={t('kycForms.cdd.expectedMonthlyVolumeHint')}
          value={value.expectedMonthlyVolume}
          onChange={(next) => set('expectedMonthlyVolume', next)}
          issue={issueAt(issues, 'expectedMonthlyVolume')}
          prefix="€"
          required
          className="col-md-6"
        />
        <TextInput
          id={id('sourceOfFunds')}
          label={t('kycForms.cdd.sourceOfFunds')}
          hint={t('kycForms.cdd.sourceOfFundsHint')}
          value={value.sourceOfFunds}
          onChange={(next) => set('sourceOfFunds', next)}
          issue={issueAt(issues, 'sourceOfFunds')}
          rows={3}
          maxLength={2000}
          required
          className="col-12"
        />
        <YesNoField
          id={id('pepDeclared')}
          legend={t('kycForms.cdd.pepQuestion')}
          explanation={t('kycForms.cdd.pepExplanation')}
          value={value.pepDeclared}
          onChange={(answer) => set('pepDeclared', answer)}
          issue={issueAt(issues, 'pepDeclared')}
          className="col-12"
        />
        <YesNoField
          id={id('sanctionsDeclared')}
          legend={t('kycForms.cdd.sanctionsQuestion')}
          explanation={t('kycForms.cdd.sanctionsExplanation')}
          value={value.sanctionsDeclared}
          onChange={(answer) => set('sanctionsDeclared', answer)}
          issue={issueAt(issues, 'sanctionsDeclared')}
          className="col-12"
        />
      </Row>
      <StepDocuments {...documents} readOnly={readOnly} idPrefix={`${idPrefix}-documents`} />
    </div>
  );
}
