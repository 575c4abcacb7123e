import { useTranslation } from 'react-i18next';
import { FINDING_SEVERITIES as SEVERITIES } from '@common/kyc';
import type { Finding, Insights } from '@common/kyc-insights';
import { LoadFailed, Loading } from '@/components/ui/RequestFeedback';
import { RiskLevelBadge, SeverityBadge } from '@/features/kyc/submissions/KycBadges';
import { STEP_TITLE_KEYS, translatedByCode } from '@/features/kyc/kycLabels';
import type { KycRecordProps } from '@/features/kyc/records/recordProps';
import { selectKycInsights } from '@/features/kyc/kycSlice';
import { fetchKycInsights } from '@/features/kyc/kycThunks';
import { useKycRecords } from '@/features/kyc/records/useKycRecords';
import { changeLabel } from '@/features/kyc/review/stepDataLabels';
import { formatDateTime } from '@/lib/format';

const SUMMARY_KEYS = { HIGH: 'high', MEDIUM: 'medium', LOW: 'low', INFO: 'info' } as const;

/** A finding in the interface language, by its code (`kyc.findings.{code}`), else the server's. */
export function FindingText({ finding }: { finding: Finding }) {
  const { t } = useTranslation();
  const step = finding.stepType ? t(STEP_TITLE_KEYS[finding.stepType]) : '';
  return (
    <>
      {translatedByCode('kyc.findings', finding.code, { step, ...finding.params }, finding.message)}
    </>
  );
}

function InsightsView({ insights }: { insights: Insights }) {
  const { t } = useTranslation();
  return (
    <div className="d-grid gap-4">
      <section aria-labelledby="kyc-insights-risk">
        <div className="d-flex flex-wrap align-items-center gap-2">
          <h3 id="kyc-insights-risk" className="h6 mb-0">
            {t('kyc.insights.riskLevel')}
          </h3>
          <RiskLevelBadge level={insights.riskLevel} />
        </div>
        <p className="small text-body-secondary mb-2">
          {t('kyc.insights.computedAt', { date: formatDateTime(insights.computedAt) })}
        </p>
        <ul className="list-inline mb-0" aria-label={t('kyc.insights.summary')}>
          {SEVERITIES.slice()
            .reverse()
            .map((severity) => (
              <li key={severity} className="list-inline-item me-3">
                <SeverityBadge severity={severity} />{' '}
                <span className="fw-semibold">{insights.summary[SUMMARY_KEYS[severity]]}</span>
              </li>
            ))}
        </ul>
      </section>

      <section aria-labelledby="kyc-insights-completeness">
        <h3 id="kyc-insights-completeness" className="h6">
          {t('kyc.insights.completeness')}
        </h3>
        <ul className="list-unstyled mb-0 kyc-records-list">
          {insights.completeness.map(({ stepType, complete, missing }) => (
            <li key={stepType} className="kyc-record">
              <div className="d-flex flex-wrap align-items-center gap-2">
                <span className="me-auto">{t(STEP_TITLE_KEYS[stepType])}</span>
                <span className={`badge text-bg-${complete ? 'success' : 'warning'}`}>
                  {complete ? t('kyc.insights.complete') : t('kyc.insights.incomplete')}
                </span>
              </div>
              {missing.length > 0 && (
                <p className="small text-body-secondary mb-0 mt-1">
                  {t('kyc.insights.missing', {
                    fields: missing.map((field) => changeLabel(stepType, field)).join(', '),
                  })}
                </p>
              )}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="kyc-insights-findings">
        <h3 id="kyc-insights-findings" className="h6">
          {t('kyc.insights.findings')}
        </h3>
        {insights.findings.length === 0 ? (
          <p className="text-body-secondary mb-0">{t('kyc.insights.noFindings')}</p>
        ) : (
          <ul className="list-unstyled mb-0 kyc-records-list">
            {insights.findings.map((finding, index) => (
              <li key={`${finding.code}-${index}`} className="kyc-record">
                <div className="d-flex flex-wrap align-items-center gap-2 small">
                  <SeverityBadge severity={finding.severity} />
                  {finding.stepType && (
                    <span className="text-body-secondary">
                      {t(STEP_TITLE_KEYS[finding.stepType])}
                    </span>
                  )}
                </div>
                <p className="mb-0 mt-1">
                  <FindingText finding={finding} />
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** What the checks found (staff only): risk level, counts, completeness per step, findings. */
export function KycInsights({ submission }: KycRecordProps) {
  const { t } = useTranslation();
  const { entry, retry } = useKycRecords(fetchKycInsights, selectKycInsights, submission.id);
  if (entry?.data) return <InsightsView insights={entry.data} />;
  if (entry?.status === 'failed') {
    return <LoadFailed message={t('kyc.insights.loadFailed')} onRetry={retry} />;
  }
  return <Loading label={t('kyc.insights.loading')} />;
}
