import type { ComponentType } from 'react';
import type { TradePartner } from '@common/partners';
import { AddressesTab } from '@/features/partners/AddressesTab';
import { CompanyTab } from '@/features/partners/CompanyTab';
import { ContactsTab } from '@/features/partners/ContactsTab';
import { DocumentsTab } from '@/features/partners/DocumentsTab';
import { InvitationsTab } from '@/features/partners/InvitationsTab';
import { KycTab } from '@/features/partners/KycTab';
import { MembersTab } from '@/features/partners/MembersTab';
import type { PartnerPermissions } from '@/features/partners/partnerAccess';
import type { TranslationKey } from '@/lib/i18n';
import { hasAnyRole, KYC_ROLES } from '@/lib/roles';

export interface PartnerTabProps {
  partner: TradePartner;
  can: PartnerPermissions;
}

/** One tab of the partner page. */
export interface PartnerTab {
  /** In the address: /partners/{idOrUuid}?tab={key}. */
  key: string;
  titleKey: TranslationKey;
  Component: ComponentType<PartnerTabProps>;
  /** Who sees the tab, by their permissions here and their roles; everyone when absent. */
  visible?: (can: PartnerPermissions, roles: readonly string[]) => boolean;
}

export const PARTNER_TABS: readonly PartnerTab[] = [
  { key: 'company', titleKey: 'partners.tabs.company', Component: CompanyTab },
  { key: 'addresses', titleKey: 'partners.tabs.addresses', Component: AddressesTab },
  { key: 'contacts', titleKey: 'partners.tabs.contacts', Component: ContactsTab },
  { key: 'documents', titleKey: 'partners.tabs.documents', Component: DocumentsTab },
  { key: 'members', titleKey: 'partners.tabs.members', Component: MembersTab },
  {
    key: 'invitations',
    titleKey: 'partners.tabs.invitations',
    Component: InvitationsTab,
    // Listing invitations is for staff, OWNER and ADMIN only (docs/api/partners.md).
    visible: (can) => can.manageMembers,
  },
  {
    key: 'kyc',
    titleKey: 'partners.tabs.kyc',
    Component: KycTab,
    // SPEC section 6: KYC access (CONTACT alone has none).
    visible: (_can, roles) => hasAnyRole(roles, KYC_ROLES),
  },
];
