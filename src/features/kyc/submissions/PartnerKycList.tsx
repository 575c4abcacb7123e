import { useEffect } from 'react';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import { mayStartNewFile } from '@common/kyc-progress';
import { isStaff } from '@common/roles';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { DataTable } from '@/components/ui/DataTable';
import { ListFeedback } from '@/components/ui/RequestFeedback';
import { KycProgress } from '@/features/kyc/submissions/KycProgress';
import { KycStatusBadge } from '@/features/kyc/submissions/KycBadges';
import { KycFileLink, ReviewerName } from '@/features/kyc/submissions/KycFileLink';
import { selectPartnerKycs } from '@/features/kyc/kycSlice';
import { fetchPartnerKycs } from '@/features/kyc/kycThunks';
import { StartKycFileButton } from '@/features/kyc/submissions/StartKycFileButton';
import { formatDateTime } from '@/lib/format';
import { selectRoles } from '@/session/userSlice';

interface PartnerKycListProps {
  partnerUuid: string;
  /** The person may start a file for this company (kycActors.mayStartFile). */
  canStart?: boolean;
}

/**
 * A trade partner's KYC submissions, newest first, each linking to its file with its progress;
 * 'Start KYC file' for those who may, when the company may start one (decision 029).
 */
export function PartnerKycList({ partnerUuid, canStart = false }: PartnerKycListProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const entry = useAppSelector((state) => selectPartnerKycs(state, partnerUuid));
  const stale = entry?.stale ?? false;
  const submissions = entry?.data ?? [];
  const roles = useAppSelector(selectRoles);

  useEffect(() => {
    void dispatch(fetchPartnerKycs({ partnerUuid }));
  }, [dispatch, partnerUuid, stale]);

  const columns = {
    submission: t('kyc.list.columns.submission'),
    status: t('kyc.list.columns.status'),
    progress: t('kycProgress.column'),
    reviewer: t('kyc.list.columns.reviewer'),
    submittedAt: t('kyc.detail.fields.submittedAt'),
    updatedAt: t('kyc.list.columns.updatedAt'),
  };
  const date = (value: string | null) => (value ? formatDateTime(value) : '–');
  const offerStart =
    canStart &&
    entry?.status === 'succeeded' &&
    mayStartNewFile(submissions[0]?.status ?? null, isStaff(roles));

  return (
    <Card className="shadow-sm">
      <Card.Body className="p-3 p-sm-4">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <h2 className="h5 mb-0 me-auto">{t('kyc.partner.heading')}</h2>
          {offerStart && <StartKycFileButton tradePartnerUuid={partnerUuid} size="sm" />}
        </div>
        {offerStart && submissions.length > 0 && (
          <p className="small text-body-secondary">{t('kyc.collect.start.noOpenFile')}</p>
        )}
        <ListFeedback
          status={entry?.status}
          count={submissions.length}
          failed={t('kyc.partner.loadFailed')}
          loading={t('kyc.partner.loading')}
          empty={t('kyc.partner.empty')}
          onRetry={() => void dispatch(fetchPartnerKycs({ partnerUuid, force: true }))}
        />
        {submissions.length > 0 && (
          <DataTable caption={t('kyc.partner.heading')} columns={Object.values(columns)}>
            {submissions.map((submission) => (
              <tr key={submission.id}>
                <th scope="row" className="data-table-name">
                  <KycFileLink id={submission.id} />
                </th>
                <td data-label={columns.status}>
                  <KycStatusBadge status={submission.status} />
                </td>
                <td data-label={columns.progress}>
                  <KycProgress progress={submission.progress} compact />
                </td>
                <td data-label={columns.reviewer}>
                  <ReviewerName submission={submission} />
                </td>
                <td data-label={columns.submittedAt}>{date(submission.submittedAt)}</td>
                <td data-label={columns.updatedAt}>{date(submission.updatedAt)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </Card.Body>
    </Card>
  );
}
