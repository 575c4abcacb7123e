import { electronicFormatIBAN, friendlyFormatIBAN } from 'ibantools';
import Row from 'react-bootstrap/Row';
import { useTranslation } from 'react-i18next';
import { TextInput, withField } from '@/kyc-forms/fields';
import { issueAt } from '@/kyc-forms/issues';
import { StepDocuments } from '@/kyc-forms/StepDocuments';
import type { StepDraft, StepFormProps } from '@/kyc-forms/types';

type BankDraft = StepDraft<'bank-and-vat'>;

/** NL91ABNA0417164300 → 'NL91 ABNA 0417 1643 00', as bank statements print it. */
const friendlyIban = (value: string) =>
  friendlyFormatIBAN(electronicFormatIBAN(value) ?? undefined) ?? value;

/** The account payments go to, and the VAT number. */
export function BankAndVatForm({
  value,
  onChange,
  issues,
  documents,
  readOnly,
  idPrefix,
}: StepFormProps<'bank-and-vat'>) {
  const { t } = useTranslation();
  const field = <K extends keyof BankDraft & string>(key: K) => ({
    id: `${idPrefix}-${key}`,
    value: value[key],
    issue: issueAt(issues, key),
    onChange: (next: string) => onChange(withField(value, key, next)),
  });

  return (
    <div className="d-grid gap-4">
      <Row as="fieldset" disabled={readOnly} className="g-3">
        <TextInput
          {...field('iban')}
          label={t('kycForms.bankAndVat.iban')}
          required
          spellCheck={false}
          autoComplete="off"
          // Grouped in fours once typed, easier to check against a statement; the server
          // takes it with or without the spaces.
          onBlur={() => {
            const friendly = value.iban?.trim() ? friendlyIban(value.iban) : value.iban;
            if (friendly !== value.iban) onChange({ ...value, iban: friendly });
          }}
          className="col-md-7 kyc-forms-iban"
        />
        <TextInput
          {...field('accountHolder')}
          label={t('kycForms.bankAndVat.accountHolder')}
          hint={t('kycForms.bankAndVat.accountHolderHint')}
          required
          className="col-md-5"
        />
        <TextInput
          {...field('vatNumber')}
          label={t('kycForms.bankAndVat.vatNumber')}
          hint={t('kycForms.bankAndVat.vatNumberHint')}
          spellCheck={false}
          className="col-md-7"
        />
      </Row>
      <StepDocuments {...documents} readOnly={readOnly} idPrefix={`${idPrefix}-documents`} />
    </div>
  );
}
