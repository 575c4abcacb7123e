import type { KycStepType } from '@common/kyc';
import { changeLabelIn, fieldLabelIn, type Translator } from '@common/kyc-step-fields';
import { translatedByCode } from '@/features/kyc/kycLabels';
import { hasTranslation, translate } from '@/lib/i18n';
import { roleWords } from '@/lib/roles';

// How a step's data reads for people: the order and the label keys are shared with the server's
// PDF (common/kyc-step-fields.ts); the texts are the interface language's.

export {
  ADDRESS_FIELD_ORDER,
  FIELD_ORDER,
  isEmpty,
  isRow,
  orderedKeys,
  PERSON_FIELDS,
  type Row,
} from '@common/kyc-step-fields';

const appTexts: Translator = { has: hasTranslation, t: translate };

/**
 * A field's name: the step form's own label where it has one, else the KYC screens' name for
 * it, else its key in words.
 */
export const fieldLabel = (key: string, stepType?: KycStepType): string =>
  fieldLabelIn(appTexts, key, stepType);

/** A person's role (DIRECTOR, AUTHORISED_SIGNATORY, UBO) in the interface language. */
export const contactRoleLabel = (role: string) =>
  translatedByCode(
    'kycForms.contacts.roles',
    role,
    {},
    translatedByCode('kyc.collect.roles', role, {}, roleWords(role)),
  );

/**
 * A changed field for people: 'IBAN', 'Person 1: Last name', 'Registered address: City',
 * 'Countries of operation' (for any of its entries).
 */
export const changeLabel = (stepType: KycStepType, path: string): string =>
  changeLabelIn(appTexts, stepType, path);
