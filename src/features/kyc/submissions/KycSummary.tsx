import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import type { KycSubmission } from '@common/kyc-responses';
import { RiskLevelBadge } from '@/features/kyc/submissions/KycBadges';
import { ReviewerName } from '@/features/kyc/submissions/KycFileLink';
import { formatDateTime } from '@/lib/format';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="col-12 col-sm-6 col-lg-4">
      <dt>{label}</dt>
      <dd className="mb-0">{children}</dd>
    </div>
  );
}

/**
 * The facts of a submission: its ids, reviewer, who asked for approval, dates and, for staff,
 * its risk level. The risk is the reviewers' own view (decision 018): a partner reads nothing
 * of it, not even that it was not assessed.
 */
export function KycSummary({ submission, staff }: { submission: KycSubmission; staff: boolean }) {
  const { t } = useTranslation();
  const none = <span className="text-body-secondary">–</span>;
  const date = (value: string | null) => (value ? formatDateTime(value) : none);
  return (
    <Card className="shadow-sm mb-4">
      <Card.Body>
        <h2 className="visually-hidden">{t('kyc.detail.summary')}</h2>
        <dl className="row g-3 mb-0 kyc-dl">
          <Field label={t('kyc.detail.fields.id')}>{submission.id}</Field>
          <Field label={t('kyc.detail.fields.uuid')}>
            <span className="font-monospace small text-break">{submission.uuid}</span>
          </Field>
          <Field label={t('kyc.detail.fields.reviewer')}>
            <ReviewerName submission={submission} />
          </Field>
          {/* Kept on the decision that answers the request: the record of the four eyes. */}
          {submission.approvalRequestedBy && (
            <Field label={t('kyc.detail.fields.approvalRequestedBy')}>
              {submission.approvalRequestedBy.name}
            </Field>
          )}
          <Field label={t('kyc.detail.fields.submittedAt')}>{date(submission.submittedAt)}</Field>
          <Field label={t('kyc.detail.fields.decidedAt')}>{date(submission.decidedAt)}</Field>
          <Field label={t('kyc.detail.fields.updatedAt')}>{date(submission.updatedAt)}</Field>
          {staff && (
            <Field label={t('kyc.detail.fields.riskLevel')}>
              <RiskLevelBadge level={submission.riskLevel} />
            </Field>
          )}
        </dl>
      </Card.Body>
    </Card>
  );
}
