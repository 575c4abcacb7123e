import { useAppSelector } from '@/app/hooks';
import { mayStartFile } from '@/features/kyc/kycActors';
import { PartnerKycList } from '@/features/kyc/PartnerKycList';
import { effectiveAccessLevel } from '@/features/partners/partnerAccess';
import type { PartnerTabProps } from '@/features/partners/partnerTabs';
import { selectRoles } from '@/features/user/userSlice';

/** The partner's KYC submissions, each linking to its file, and the way to start one. */
export function KycTab({ partner }: PartnerTabProps) {
  const roles = useAppSelector(selectRoles);
  const canStart = mayStartFile(roles, effectiveAccessLevel(partner));
  return <PartnerKycList partnerUuid={partner.uuid} canStart={canStart} />;
}
