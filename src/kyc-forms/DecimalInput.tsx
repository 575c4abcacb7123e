import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEuros, MAX_AMOUNT, readAmount, readPercentage } from '@common/money';
import { numberChars, TextInput } from '@/kyc-forms/fields';
import { numberText } from '@/kyc-forms/stepDraft';

type Kind = 'money' | 'percentage';

interface DecimalInputProps extends Omit<
  ComponentProps<typeof TextInput>,
  'value' | 'onChange' | 'problem' | 'inputMode' | 'rows' | 'type'
> {
  /** An amount in euros, shown below as understood, or a percentage from 0 to 100. */
  kind: Kind;
  /** As typed, or a number as saved. */
  value: string | number | undefined;
  onChange: (value: string) => void;
}

const READ = { money: readAmount, percentage: readPercentage };

/** How to write one in the language, for the refusals: '25,000.50' in en, '25.000,50' in de. */
const example = (kind: Kind, language: string) =>
  kind === 'money'
    ? new Intl.NumberFormat(language, { minimumFractionDigits: 2 }).format('25000.50')
    : new Intl.NumberFormat(language).format('12.5');

/**
 * A number field read strictly in the app's language (decision 015): what does not read shows
 * its reason and how to write it, at the field, as it is typed; an amount that reads shows
 * what it was understood as ('Understood as €25,000.50').
 */
export function DecimalInput({ kind, value, onChange, hint, ...input }: DecimalInputProps) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const text = numberText(value, language);
  const reading = text.trim() === '' ? null : READ[kind](text, language);
  const problem =
    reading && !reading.ok
      ? t(`kycForms.amount.${kind}.${reading.refusal}`, {
          example: example(kind, language),
          max: formatEuros(MAX_AMOUNT, language),
        })
      : null;
  const understood =
    kind === 'money' && reading?.ok
      ? t('kycForms.amount.understood', { value: formatEuros(reading.value, language) })
      : null;
  return (
    <TextInput
      {...input}
      value={text}
      onChange={(next) => onChange(numberChars(next))}
      problem={problem}
      hint={
        understood ? (
          <>
            <span className="d-block text-body">{understood}</span>
            {hint}
          </>
        ) : (
          hint
        )
      }
      inputMode="decimal"
    />
  );
}
