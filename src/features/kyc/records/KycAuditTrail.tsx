import { useTranslation } from 'react-i18next';
import type { AuditEvent } from '@common/kyc-responses';
import { DataTable } from '@/components/ui/DataTable';
import { ListFeedback } from '@/components/ui/RequestFeedback';
import { KycStatusBadge } from '@/features/kyc/submissions/KycBadges';
import { namesStatus, STEP_TITLE_KEYS, translatedByCode } from '@/features/kyc/kycLabels';
import type { KycRecordProps } from '@/features/kyc/records/recordProps';
import { selectKycAudit } from '@/features/kyc/kycSlice';
import { fetchKycAudit } from '@/features/kyc/kycThunks';
import { useKycRecords } from '@/features/kyc/records/useKycRecords';
import { actorName } from '@/features/kyc/links/linkLabels';
import { roleWords } from '@/lib/roles';
import { formatDateTime } from '@/lib/format';

/** What an event is about: the step when it names one, else the kind of record. */
function Subject({ event }: { event: AuditEvent }) {
  const { t } = useTranslation();
  if (event.stepType) return <>{t(STEP_TITLE_KEYS[event.stepType])}</>;
  return <>{translatedByCode('kyc.audit.entities', event.entity, {}, roleWords(event.entity))}</>;
}

/**
 * The result of a change: a status as a badge, any other value as it is. The status it replaced
 * is in the status history (files) and in the row before (steps), so a row names one status; a
 * reviewer taken over is named beside the one who took the file (decision 037).
 */
function Result({ from, value }: { from: string | null; value: string | null }) {
  if (!value) return <span className="text-body-secondary">–</span>;
  if (namesStatus(value)) return <KycStatusBadge status={value} />;
  return <>{from ? `${from} → ${value}` : value}</>;
}

/** Every change to the file, oldest first (staff only; docs/decisions/012, 'Audit trail'). */
export function KycAuditTrail({ submission }: KycRecordProps) {
  const { t } = useTranslation();
  const { entry, retry } = useKycRecords(fetchKycAudit, selectKycAudit, submission.id);
  const events = entry?.data ?? [];
  const columns = {
    when: t('kyc.audit.columns.when'),
    who: t('kyc.audit.columns.who'),
    what: t('kyc.audit.columns.what'),
    action: t('kyc.audit.columns.action'),
    result: t('kyc.audit.columns.result'),
    reason: t('kyc.audit.columns.reason'),
  };
  return (
    <>
      <ListFeedback
        status={entry?.status}
        count={events.length}
        failed={t('kyc.audit.loadFailed')}
        loading={t('kyc.audit.loading')}
        empty={t('kyc.audit.empty')}
        onRetry={retry}
      />
      {events.length > 0 && (
        <div className="kyc-audit small">
          <DataTable caption={t('kyc.tabs.audit')} columns={Object.values(columns)}>
            {events.map((event) => (
              <tr key={event.id}>
                <td data-label={columns.when} className="text-nowrap">
                  <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
                </td>
                <td data-label={columns.who}>
                  {event.user ? actorName(event.user) : t('kyc.records.unknownUser')}
                </td>
                <td data-label={columns.what}>
                  <Subject event={event} />
                </td>
                <td data-label={columns.action}>
                  {translatedByCode('kyc.audit.actions', event.action, {}, roleWords(event.action))}
                </td>
                <td data-label={columns.result}>
                  <Result
                    from={event.action === 'review_taken_over' ? event.from : null}
                    value={event.to}
                  />
                </td>
                <td data-label={columns.reason} className="text-break">
                  {event.reason ?? ''}
                </td>
              </tr>
            ))}
          </DataTable>
        </div>
      )}
    </>
  );
}
