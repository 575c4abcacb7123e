import { PartnerDocuments } from '@/features/documents/PartnerDocuments';
import type { PartnerTabProps } from '@/features/partners/partnerTabs';

/** The partner's documents; those who may change the partner upload, retype and archive. */
export function DocumentsTab({ partner, can }: PartnerTabProps) {
  return <PartnerDocuments partner={partner} canChange={can.edit} />;
}
