import { useTranslation } from 'react-i18next';
import { SUBMISSION_COMMENT } from '@common/kyc';
import type { StatusRecord } from '@common/kyc-responses';
import { ListFeedback } from '@/components/ui/RequestFeedback';
import { KycStatusBadge } from '@/features/kyc/submissions/KycBadges';
import { InternalBadge } from '@/kyc-forms/InternalBadge';
import type { KycRecordProps } from '@/features/kyc/records/recordProps';
import { selectKycStatusHistory } from '@/features/kyc/kycSlice';
import { fetchKycStatusHistory } from '@/features/kyc/kycThunks';
import { useKycRecords } from '@/features/kyc/records/useKycRecords';
import { actorName } from '@/features/kyc/links/linkLabels';
import { formatDateTime } from '@/lib/format';
import '@/components/ui/Timeline.css';

function HistoryEntry({ record }: { record: StatusRecord }) {
  const { t } = useTranslation();
  const moved = record.status !== SUBMISSION_COMMENT;
  return (
    <li className="app-timeline-item">
      <div className="d-flex flex-wrap align-items-center gap-2">
        {moved && record.fromStatus && (
          <>
            <KycStatusBadge status={record.fromStatus} />
            <span aria-hidden="true">→</span>
            <span className="visually-hidden">{t('kyc.history.to')}</span>
          </>
        )}
        <KycStatusBadge status={record.status} />
        {record.isCompliant !== null && (
          <span
            className={`badge border ${record.isCompliant ? 'border-success text-success-emphasis' : 'border-danger text-danger-emphasis'}`}
          >
            {record.isCompliant ? t('kyc.history.compliant') : t('kyc.history.notCompliant')}
          </span>
        )}
      </div>
      <p className="small text-body-secondary mb-0 mt-1">
        {record.user
          ? t('kyc.history.byWhen', {
              name: actorName(record.user),
              date: formatDateTime(record.createdAt),
            })
          : formatDateTime(record.createdAt)}
      </p>
      {record.comment && (
        <p className="mb-0 mt-1 text-break kyc-pre-line">
          {record.visibility === 'internal' && (
            <>
              <InternalBadge />{' '}
            </>
          )}
          {record.comment}
        </p>
      )}
    </li>
  );
}

/** How the file moved: from what to what, who, when, why, and whether it was found compliant. */
export function KycStatusHistory({ submission }: KycRecordProps) {
  const { t } = useTranslation();
  const { entry, retry } = useKycRecords(
    fetchKycStatusHistory,
    selectKycStatusHistory,
    submission.id,
  );
  const records = entry?.data ?? [];
  return (
    <>
      <ListFeedback
        status={entry?.status}
        count={records.length}
        failed={t('kyc.history.loadFailed')}
        loading={t('kyc.history.loading')}
        empty={t('kyc.history.empty')}
        onRetry={retry}
      />
      {records.length > 0 && (
        <ol className="app-timeline list-unstyled mb-0" aria-label={t('kyc.tabs.history')}>
          {records.map((record) => (
            <HistoryEntry key={record.id} record={record} />
          ))}
        </ol>
      )}
    </>
  );
}
