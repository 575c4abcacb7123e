import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { KycSubmission } from '@common/kyc-responses';
import { kycPath } from '@/config/paths';

/** 'KYC #{id}', linking to the file. */
export function KycFileLink({ id }: { id: number }) {
  const { t } = useTranslation();
  return <Link to={kycPath(id)}>{t('kyc.detail.heading', { id })}</Link>;
}

/** The file's reviewer, or that there is none yet. */
export function ReviewerName({ submission }: { submission: Pick<KycSubmission, 'reviewer'> }) {
  const { t } = useTranslation();
  return submission.reviewer ? (
    <>{submission.reviewer.name}</>
  ) : (
    <span className="text-body-secondary">{t('kyc.list.unassigned')}</span>
  );
}
