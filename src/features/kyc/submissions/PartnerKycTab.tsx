import { useAppSelector } from '@/store/hooks';
import { mayStartFile } from '@/features/kyc/kycActors';
import { PartnerKycList } from '@/features/kyc/submissions/PartnerKycList';
import { effectiveAccessLevel } from '@/companies/partnerAccess';
import type { PartnerTab, PartnerTabProps } from '@/slots/partnerPage';
import { hasAnyRole, KYC_ROLES } from '@/lib/roles';
import { selectRoles } from '@/session/userSlice';

/** The partner's KYC submissions, each linking to its file, and the way to start one. */
export function KycTab({ partner }: PartnerTabProps) {
  const roles = useAppSelector(selectRoles);
  const canStart = mayStartFile(roles, effectiveAccessLevel(partner));
  return <PartnerKycList partnerUuid={partner.uuid} canStart={canStart} />;
}

/** The partner page's KYC tab; SPEC section 6: KYC access (CONTACT alone has none). */
export const partnerKycTab: PartnerTab = {
  key: 'kyc',
  titleKey: 'partners.tabs.kyc',
  Component: KycTab,
  visible: (_can, roles) => hasAnyRole(roles, KYC_ROLES),
};
