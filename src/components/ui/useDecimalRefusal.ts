import { useTranslation } from 'react-i18next';
import type { DecimalReading, DecimalRules } from '@common/money';

/**
 * Why a number typed into a form does not read (decision 015), in the person's language, with
 * an example written the way that language writes numbers ('1,234.5' in en, '1.234,5' in de).
 * `fractionDigits` are the example's decimals: 2 for a price, 1 for a quantity.
 */
export function useDecimalRefusal() {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  return (reading: DecimalReading | null, rules: DecimalRules, fractionDigits = 1) =>
    reading && !reading.ok
      ? t(`ui.number.${reading.refusal}`, {
          example: new Intl.NumberFormat(language, {
            minimumFractionDigits: fractionDigits,
          }).format(1234.5),
          decimals: rules.decimals,
          max: new Intl.NumberFormat(language, { maximumFractionDigits: rules.decimals }).format(
            rules.max,
          ),
        })
      : null;
}
