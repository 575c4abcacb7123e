import { useEffect, useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { OPEN_FINDING_SEVERITIES } from '@common/kyc';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { RiskLevelBadge, SeverityBadge } from '@/features/kyc/submissions/KycBadges';
import { FindingText } from '@/features/kyc/records/KycInsights';
import { STEP_TITLE_KEYS } from '@/features/kyc/kycLabels';
import { selectKycInsights } from '@/features/kyc/kycSlice';
import { fetchKycInsights } from '@/features/kyc/kycThunks';

/** What the approver acknowledged; null until they have (or when nothing needs it). */
export type RiskAcknowledgement = { reason: string; fingerprint: string } | null;

interface KycRiskReviewProps {
  kycId: number;
  /** An approval: a HIGH risk or open findings need an acknowledgement with a reason. */
  acknowledging: boolean;
  /** Whether the decision may go ahead, and with which acknowledgement. */
  onChange: (ready: boolean, acknowledgement: RiskAcknowledgement) => void;
}

/**
 * The risk before a decision (issue 14): the file's insights computed afresh when the dialog
 * opens, its level and open findings; for an approval that needs it, the acknowledgement of
 * those findings with a reason, which the server checks against the same findings.
 */
export function KycRiskReview({ kycId, acknowledging, onChange }: KycRiskReviewProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const id = useId();
  const entry = useAppSelector((state) => selectKycInsights(state, kycId));
  const [asked, setAsked] = useState(false);
  const [acknowledged, setAcknowledged] = useState(false);
  const [reason, setReason] = useState('');

  useEffect(() => {
    void dispatch(fetchKycInsights({ kycId, force: true })).then(() => setAsked(true));
  }, [dispatch, kycId]);

  const insights = asked && entry?.status === 'succeeded' ? entry.data : null;
  const needed = acknowledging && insights?.acknowledgementNeeded === true;
  const ready = insights !== null && (!needed || (acknowledged && reason.trim() !== ''));
  const fingerprint = insights?.fingerprint ?? '';
  useEffect(() => {
    onChange(ready, needed && ready ? { reason: reason.trim(), fingerprint } : null);
  }, [onChange, ready, needed, reason, fingerprint]);

  if (!insights) {
    const failed = asked && entry?.status === 'failed';
    return (
      <p className={`small mb-3 ${failed ? 'text-danger' : 'text-body-secondary'}`} role="status">
        {failed ? t('kyc.decision.risk.loadFailed') : t('kyc.decision.risk.loading')}
      </p>
    );
  }
  const open = insights.findings.filter((finding) =>
    OPEN_FINDING_SEVERITIES.includes(finding.severity),
  );
  return (
    <section className="kyc-risk-review mb-3" aria-labelledby={`${id}-title`}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h3 id={`${id}-title`} className="h6 mb-0">
          {t('kyc.decision.risk.title')}
        </h3>
        <RiskLevelBadge level={insights.riskLevel} />
        <span className="small text-body-secondary">
          {open.length > 0
            ? t('kyc.decision.risk.openFindings', { count: open.length })
            : t('kyc.decision.risk.noOpenFindings')}
        </span>
      </div>
      {open.length > 0 && (
        <ul className="list-unstyled small mb-2 kyc-risk-findings">
          {open.map((finding, index) => (
            <li key={`${finding.code}-${index}`} className="d-flex gap-2 align-items-baseline">
              <SeverityBadge severity={finding.severity} />
              <span>
                {finding.stepType && (
                  <span className="text-body-secondary">
                    {t(STEP_TITLE_KEYS[finding.stepType])}:{' '}
                  </span>
                )}
                <FindingText finding={finding} />
              </span>
            </li>
          ))}
        </ul>
      )}
      {needed && (
        <div className="border-top pt-2">
          <p className="small fw-semibold mb-2">{t('kyc.decision.risk.needed')}</p>
          <Form.Check
            id={`${id}-acknowledge`}
            type="checkbox"
            className="mb-2"
            label={t('kyc.decision.risk.acknowledge')}
            checked={acknowledged}
            onChange={(event) => setAcknowledged(event.target.checked)}
          />
          <Form.Group controlId={`${id}-reason`}>
            <Form.Label className="small mb-1">{t('kyc.decision.risk.reason')}</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              maxLength={4000}
              required
              value={reason}
              aria-describedby={`${id}-reason-help`}
              onChange={(event) => setReason(event.target.value)}
            />
            <Form.Text id={`${id}-reason-help`}>{t('kyc.decision.risk.reasonHelp')}</Form.Text>
          </Form.Group>
        </div>
      )}
    </section>
  );
}
