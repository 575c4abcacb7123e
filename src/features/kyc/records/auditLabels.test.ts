import { KYC_AUDIT_ACTIONS } from '@common/kyc-responses';
import { LANGUAGES } from '@common/languages';
import de from '../../../../public/assets/i18n/de.json';
import en from '../../../../public/assets/i18n/en.json';
import es from '../../../../public/assets/i18n/es.json';
import fr from '../../../../public/assets/i18n/fr.json';
import it_ from '../../../../public/assets/i18n/it.json';
import nl from '../../../../public/assets/i18n/nl.json';

const labels: Record<(typeof LANGUAGES)[number], Record<string, unknown>> = {
  en: en.kyc.audit.actions,
  nl: nl.kyc.audit.actions,
  de: de.kyc.audit.actions,
  it: it_.kyc.audit.actions,
  es: es.kyc.audit.actions,
  fr: fr.kyc.audit.actions,
};

// The trail falls back to the action's code in words ('Step Request Answered') when a label is
// missing: every action the server may write needs one, in every language.
describe.each(LANGUAGES)('the audit trail in %s', (language) => {
  it.each(KYC_AUDIT_ACTIONS)('labels %s', (action) => {
    const label = labels[language][action];
    expect(typeof label === 'string' && label.trim() !== '').toBe(true);
  });

  it('labels no action the server does not write', () => {
    const known: readonly string[] = KYC_AUDIT_ACTIONS;
    expect(Object.keys(labels[language]).filter((action) => !known.includes(action))).toEqual([]);
  });
});
