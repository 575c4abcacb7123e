import Nav from 'react-bootstrap/Nav';
import { useTranslation } from 'react-i18next';
import type { KycStatus } from '@common/kyc';
import { fileProgress, hasSavedData } from '@common/kyc-progress';
import type { KycStep, MissingItem } from '@common/kyc-responses';
import type { DataStepType } from '@common/kyc-steps';
import { STEP_TITLE_KEYS, SUMMARY } from '@/features/selfservice/selfServiceLabels';

export type Section = DataStepType | typeof SUMMARY;

interface StepNavProps {
  fileStatus: KycStatus;
  steps: readonly KycStep[];
  missing: readonly MissingItem[] | null;
  /** None while the page works out where it opens. */
  current: Section | null;
  onSelect(section: Section): void;
}

/**
 * The steps with how far each is (the one rule of decision 029, as the signed-in file reads
 * it), then the summary; a list on a phone, a column beside.
 */
export function StepNav({ fileStatus, steps, missing, current, onSelect }: StepNavProps) {
  const { t } = useTranslation();
  const states =
    missing &&
    fileProgress(
      fileStatus,
      steps.map((step) => ({ ...step, started: hasSavedData(step.data) })),
      missing,
    ).steps;
  const progress = (step: KycStep) => {
    const state = states?.find((each) => each.stepType === step.stepType)?.state;
    if (!state) return '';
    const open = missing?.filter((item) => item.stepType === step.stepType).length ?? 0;
    const label = t(`kycProgress.states.${state}`);
    return open > 0 ? `${label} · ${t('selfService.nav.toDo', { count: open })}` : label;
  };
  return (
    <Nav
      as="ol"
      variant="pills"
      className="flex-column selfservice-steps list-unstyled mb-3"
      aria-label={t('selfService.nav.label')}
      activeKey={current ?? undefined}
      onSelect={(key) => key && onSelect(key as Section)}
    >
      {steps.map((step, index) => (
        <Nav.Item as="li" key={step.stepType}>
          <Nav.Link
            eventKey={step.stepType}
            aria-current={current === step.stepType ? 'step' : undefined}
          >
            <span className="fw-semibold">
              {index + 1}. {t(STEP_TITLE_KEYS[step.stepType as DataStepType])}
            </span>
            <span className="small">{progress(step)}</span>
          </Nav.Link>
        </Nav.Item>
      ))}
      <Nav.Item as="li">
        <Nav.Link eventKey={SUMMARY} aria-current={current === SUMMARY ? 'step' : undefined}>
          <span className="fw-semibold">{t('selfService.summary.title')}</span>
        </Nav.Link>
      </Nav.Item>
    </Nav>
  );
}
