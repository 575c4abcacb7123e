import { AddressesTab } from '@/features/partners/AddressesTab';
import { CompanyTab } from '@/features/partners/CompanyTab';
import { ContactsTab } from '@/features/partners/ContactsTab';
import { DocumentsTab } from '@/features/partners/DocumentsTab';
import { InvitationsTab } from '@/features/partners/InvitationsTab';
import { MembersTab } from '@/features/partners/MembersTab';
import type { PartnerTab } from '@/slots/partnerPage';

/** The partner's own tabs; other features add theirs through the app (PartnerDetailPage). */
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
];
