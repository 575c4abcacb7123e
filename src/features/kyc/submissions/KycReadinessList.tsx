import { useTranslation } from 'react-i18next';
import { KYC_STEP_TYPES, type KycStepType } from '@common/kyc';
import type { MissingItem } from '@common/kyc-responses';
import { STEP_ISSUE_MESSAGES, type StepIssueCode } from '@common/kyc-steps';
import { STEP_TITLE_KEYS, translatedByCode } from '@/features/kyc/kycLabels';
import { changeLabel } from '@/features/kyc/review/stepDataLabels';

/** The step headings' ids (KycStepSection), for the links to the steps. */
const stepAnchor = (stepType: KycStepType) => `#kyc-step-${stepType}`;

/** One missing thing in words: a field and why, a document type, or a step sent back. */
function useMissingText() {
  const { t } = useTranslation();
  return (item: MissingItem): string => {
    switch (item.kind) {
      case 'document':
        return t('kyc.collect.missing.document', {
          type: item.documentType
            ? translatedByCode('documents.types', item.documentType, {}, item.documentType)
            : item.message,
        });
      case 'changesRequested':
        return t('kyc.collect.missing.changesRequested');
      case 'rejected':
        return t('kyc.collect.missing.rejected');

      case 'field': {
        const code = item.code ?? 'invalid';
        const fallback = Object.hasOwn(STEP_ISSUE_MESSAGES, code)
          ? STEP_ISSUE_MESSAGES[code as StepIssueCode]
          : item.message;
        const field =
          !item.field || item.field === 'data'
            ? t(STEP_TITLE_KEYS[item.stepType])
            : changeLabel(item.stepType, item.field);
        return t('kyc.collect.missing.field', {
          field,
          reason: translatedByCode('kycForms.issues', code, {}, fallback),
        });
      }
    }
  };
}

/** What stops a file from being submitted, grouped by step, each group linking to its step. */
export function KycReadinessList({ missing }: { missing: readonly MissingItem[] }) {
  const { t } = useTranslation();
  const text = useMissingText();
  const groups = KYC_STEP_TYPES.map((stepType) => ({
    stepType,
    items: missing.filter((item) => item.stepType === stepType),
  })).filter((group) => group.items.length > 0);
  return (
    <ul className="list-unstyled mb-0 kyc-readiness">
      {groups.map(({ stepType, items }) => (
        <li key={stepType} className="mb-2">
          <a href={stepAnchor(stepType)} className="fw-semibold">
            {t(STEP_TITLE_KEYS[stepType])}
          </a>
          <ul className="mb-0 small">
            {items.map((item, index) => (
              <li key={`${item.kind}-${item.field ?? item.documentType ?? ''}-${index}`}>
                {text(item)}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
