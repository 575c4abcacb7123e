import { PartnerKycList } from '@/features/kyc/PartnerKycList';
import type { PartnerTabProps } from '@/features/partners/partnerTabs';

/** The partner's KYC submissions, each linking to its file. */
export function KycTab({ partner }: PartnerTabProps) {
  return <PartnerKycList partnerUuid={partner.uuid} />;
}
