import Nav from 'react-bootstrap/Nav';
import { useTranslation } from 'react-i18next';
import type { KycStep, MissingItem } from '@common/kyc-responses';
import type { DataStepType } from '@common/kyc-steps';
import { STEP_TITLE_KEYS, SUMMARY } from '@/features/selfservice/selfServiceLabels';

export type Section = DataStepType | typeof SUMMARY;

interface StepNavProps {
  steps: readonly KycStep[];
  missing: readonly MissingItem[] | null;
  /** None while the page works out where it opens. */
  current: Section | null;
  onSelect(section: Section): void;
}

/** The steps with how far each is, then the summary; a list on a phone, a column beside. */
export function StepNav({ steps, missing, current, onSelect }: StepNavProps) {
  const { t } = useTranslation();
  const progress = (step: KycStep) => {
    const open = missing?.filter((item) => item.stepType === step.stepType).length ?? null;
    if (open === null) return '';
    if (open > 0) return t('selfService.nav.toDo', { count: open });
    return step.status === 'PENDING' ? t('selfService.nav.notStarted') : t('selfService.nav.done');
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
