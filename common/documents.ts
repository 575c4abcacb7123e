/** Document types and statuses (docs/api/documents.md), one source for the server and the app. */

export const DOCUMENT_TYPES = [
  'COC_EXTRACT',
  'ARTICLES_OF_ASSOCIATION',
  'UBO_REGISTER_EXTRACT',
  'SHAREHOLDER_REGISTER',
  'ID_DOCUMENT',
  'PROOF_OF_ADDRESS',
  'BANK_STATEMENT',
  'VAT_CERTIFICATE',
  'POWER_OF_ATTORNEY',
  'FINANCIAL_STATEMENT',
  'CONTRACT',
  'INVOICE',
  'CMR',
  'BILL_OF_LADING',
  'PACKING_LIST',
  'CERTIFICATE_OF_ORIGIN',
  'PHOTO',
  'PROFILE_PICTURE',
  'OTHER',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const DOCUMENT_STATUSES = ['ACTIVE', 'ARCHIVED'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
