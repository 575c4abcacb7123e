import { useEffect, type ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { KycStatusAndReview } from '@common/kyc-responses';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { DataTable } from '@/components/ui/DataTable';
import { LoadFailed, Loading } from '@/components/ui/RequestFeedback';
import { partnerPath, paths } from '@/config/paths';
import { KycStatusBadge, RiskLevelBadge } from '@/features/kyc/submissions/KycBadges';
import { KycFileLink, ReviewerName } from '@/features/kyc/submissions/KycFileLink';
import { fetchCustomer, selectCustomerDetail } from '@/features/kyc/customers/customersSlice';
import { entryFor } from '@/store/requests';
import { formatDate, formatDateTime } from '@/lib/format';

/** A date and time, or a dash-like word when there is none. */
function When({ at }: { at: string | null }) {
  const { t } = useTranslation();
  return at ? (
    <>{formatDateTime(at)}</>
  ) : (
    <span className="text-body-secondary">{t('kycCustomers.review.never')}</span>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="col-12 col-sm-6 col-lg-4">
      <dt className="small text-body-secondary fw-normal">{label}</dt>
      <dd className="mb-0">{children}</dd>
    </div>
  );
}

/** The customer's latest file with the obliged entity: status, reviewer and when it moved. */
function StatusAndReview({ review }: { review: KycStatusAndReview }) {
  const { t } = useTranslation();
  return (
    <Card className="shadow-sm mb-3" as="section" aria-labelledby="kyc-customer-review">
      <Card.Header as="h2" className="h6 mb-0" id="kyc-customer-review">
        {t('kycCustomers.review.title')}
      </Card.Header>
      <Card.Body>
        <dl className="row g-3 mb-0">
          <Fact label={t('kycCustomers.review.latestFile')}>
            <KycFileLink id={review.kycId} />
          </Fact>
          <Fact label={t('kycCustomers.columns.status')}>
            <KycStatusBadge status={review.status} />
          </Fact>
          <Fact label={t('kycCustomers.review.reviewer')}>
            <ReviewerName submission={review} />
          </Fact>
          <Fact label={t('kycCustomers.review.submittedAt')}>
            <When at={review.submittedAt} />
          </Fact>
          <Fact label={t('kycCustomers.review.lastReviewedAt')}>
            <When at={review.lastReviewedAt} />
          </Fact>
          <Fact label={t('kycCustomers.columns.decidedAt')}>
            <When at={review.decidedAt} />
          </Fact>
        </dl>
      </Card.Body>
    </Card>
  );
}

/**
 * /kyc/customers/:customerUuid (staff): a customer's status and review with the obliged entity
 * (GET /api/kyc/customer/{uuid}/status-and-review) and all its KYC files, newest first.
 */
export function KycCustomerPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { customerUuid = '' } = useParams();
  const detail = useAppSelector(selectCustomerDetail);

  useEffect(() => {
    void dispatch(fetchCustomer(customerUuid));
  }, [dispatch, customerUuid]);

  const data = entryFor(detail, customerUuid)?.data ?? null;
  const columns = {
    file: t('kycCustomers.columns.file'),
    status: t('kycCustomers.columns.status'),
    risk: t('kycCustomers.columns.riskLevel'),
    created: t('kycCustomers.columns.createdAt'),
    decided: t('kycCustomers.columns.decidedAt'),
  };

  return (
    <>
      <div className="app-page-header d-flex flex-wrap align-items-center justify-content-between gap-2">
        <h1 className="h3 mb-0">{data?.customer.name ?? t('kycCustomers.detailTitle')}</h1>
        <div className="d-flex flex-wrap gap-2">
          {data && (
            <Link
              to={partnerPath(data.customer.customerUuid)}
              className="btn btn-outline-primary btn-sm"
            >
              {t('kycCustomers.toPartner')}
            </Link>
          )}
          <Link to={paths.kycCustomers} className="btn btn-outline-primary btn-sm">
            {t('kycCustomers.toList')}
          </Link>
        </div>
      </div>
      {detail.status === 'failed' && !data && (
        <LoadFailed
          message={t('kycCustomers.detailLoadFailed')}
          onRetry={() => void dispatch(fetchCustomer(customerUuid))}
        />
      )}
      {!data && detail.status !== 'failed' && <Loading label={t('kycCustomers.detailLoading')} />}
      {data && (
        <>
          {data.review && <StatusAndReview review={data.review} />}
          <Card className="shadow-sm" as="section" aria-labelledby="kyc-customer-files">
            <Card.Header as="h2" className="h6 mb-0" id="kyc-customer-files">
              {t('kycCustomers.files', { count: data.customer.submissions.length })}
            </Card.Header>
            <Card.Body>
              <DataTable caption={t('kycCustomers.filesCaption')} columns={Object.values(columns)}>
                {data.customer.submissions.map((submission) => (
                  <tr key={submission.id}>
                    <th scope="row" className="data-table-name">
                      <KycFileLink id={submission.id} />
                    </th>
                    <td data-label={columns.status}>
                      <KycStatusBadge status={submission.status} />
                    </td>
                    <td data-label={columns.risk}>
                      <RiskLevelBadge level={submission.riskLevel} />
                    </td>
                    <td data-label={columns.created}>{formatDate(submission.createdAt)}</td>
                    <td data-label={columns.decided}>
                      <When at={submission.decidedAt} />
                    </td>
                  </tr>
                ))}
              </DataTable>
            </Card.Body>
          </Card>
        </>
      )}
    </>
  );
}
