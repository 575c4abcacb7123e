import { PartnerDocuments } from '@/documents/RecordDocuments';
import type { PartnerTabProps } from '@/slots/partnerPage';

/** The partner's documents; those who may change the partner upload, retype and archive. */
export function DocumentsTab({ partner, can }: PartnerTabProps) {
  return <PartnerDocuments partner={partner} canChange={can.edit} />;
}
