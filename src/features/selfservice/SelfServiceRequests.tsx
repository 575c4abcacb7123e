import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import { useTranslation } from 'react-i18next';
import type { DataStepType } from '@common/kyc-steps';
import type { SelfServiceStep } from '@common/selfservice';
import { RequestNotice, StepComment } from '@/kyc-forms/StepRequest';
import { formatDateTime } from '@/lib/format';
import { sentBack } from '@/features/selfservice/openingSection';
import { STEP_TITLE_KEYS } from '@/features/selfservice/selfServiceLabels';

/**
 * What the reviewer asked, in a row of its own above the steps: how many were sent back, and a
 * way to each.
 */
export function RequestBanner({
  steps,
  onSelect,
}: {
  steps: readonly SelfServiceStep[];
  onSelect(stepType: DataStepType): void;
}) {
  const { t } = useTranslation();
  const asked = sentBack(steps);
  if (asked.length === 0) return null;
  return (
    <Col xs={12}>
      <Alert variant="warning" role="status" className="mb-0">
        {t('selfService.requests.banner', { count: asked.length })}{' '}
        {asked.map((step, index) => {
          const stepType = step.stepType as DataStepType;
          return (
            <span key={stepType}>
              {index > 0 && ', '}
              <Button
                variant="link"
                className="alert-link p-0 align-baseline"
                onClick={() => onSelect(stepType)}
              >
                {t(STEP_TITLE_KEYS[stepType])}
              </Button>
            </span>
          );
        })}
      </Alert>
    </Col>
  );
}

/**
 * What the reviewers said on a step, as the signed-in page shows it (the request, their latest
 * comment), then the other shared comments on the step, which the link has no comments tab for.
 */
export function StepReview({ step }: { step: SelfServiceStep }) {
  const { t } = useTranslation();
  const shown = [step.request?.comment, step.comment];
  const others = step.comments.filter((each) => !shown.includes(each.comment));
  return (
    <>
      {step.request && (
        <RequestNotice request={step.request} staff={false} withPartner canAnswer={step.editable} />
      )}
      <StepComment step={step} />
      {others.length > 0 && (
        <div className="mb-3">
          <h3 className="h6 text-body-secondary">{t('selfService.step.comments')}</h3>
          <ul className="list-unstyled mb-0">
            {others.map((each) => (
              <li key={each.id} className="kyc-step-comment border-start border-3 ps-3 mb-2">
                <p className="small text-body-secondary mb-1">
                  {each.user?.name ?? t('kyc.records.unknownUser')} ·{' '}
                  <time dateTime={each.createdAt}>{formatDateTime(each.createdAt)}</time>
                </p>
                <p className="mb-0 text-break kyc-request-text">{each.comment}</p>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
