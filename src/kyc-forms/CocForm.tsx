import Row from 'react-bootstrap/Row';
import { useTranslation } from 'react-i18next';
import { BUSINESS_DATE_RANGE } from '@common/api';
import { issueAt } from '@/kyc-forms/issues';
import { DateField, TextInput, withField } from '@/kyc-forms/fields';
import { StepDocuments } from '@/kyc-forms/StepDocuments';
import type { StepDraft, StepFormProps } from '@/kyc-forms/types';

type CocDraft = StepDraft<'coc'>;

/** The Chamber of Commerce registration, as the extract shows it, and the extract itself. */
export function CocForm({
  value,
  onChange,
  issues,
  documents,
  readOnly,
  idPrefix,
}: StepFormProps<'coc'>) {
  const { t } = useTranslation();
  const field = <K extends keyof CocDraft & string>(key: K) => ({
    id: `${idPrefix}-${key}`,
    value: value[key],
    issue: issueAt(issues, key),
    onChange: (next: string) => onChange(withField(value, key, next)),
    required: true,
  });

  return (
    <div className="d-grid gap-4">
      <Row as="fieldset" disabled={readOnly} className="g-3">
        <TextInput
          {...field('cocNumber')}
          label={t('kycForms.coc.cocNumber')}
          className="col-md-6"
          spellCheck={false}
        />
        <TextInput
          {...field('registeredName')}
          label={t('kycForms.coc.registeredName')}
          autoComplete="organization"
          className="col-md-6"
        />
        <TextInput
          {...field('legalForm')}
          label={t('kycForms.coc.legalForm')}
          hint={t('kycForms.coc.legalFormHint')}
          className="col-md-6 col-lg-4"
        />
        <DateField
          {...field('registrationDate')}
          past
          label={t('kycForms.coc.registrationDate')}
          className="col-sm-6 col-lg-4"
        />
        <DateField
          {...field('extractDate')}
          past
          range={BUSINESS_DATE_RANGE}
          label={t('kycForms.coc.extractDate')}
          hint={t('kycForms.coc.extractDateHint')}
          className="col-sm-6 col-lg-4"
        />
      </Row>
      <StepDocuments {...documents} readOnly={readOnly} idPrefix={`${idPrefix}-documents`} />
    </div>
  );
}
