import type { DocumentKind, KycStatus } from '#common/kyc.js';
import type { AccessLevel } from '#common/partner-access.js';
import type { Db } from '#server/db/client.js';
import type { DocumentStatus, DocumentType } from '#server/db/schema/documents.js';
import type { AuthUser } from '#server/plugins/auth.js';

export const DOCUMENT_SORTS = [
  'createdAt,desc',
  'createdAt,asc',
  'fileName,asc',
  'fileName,desc',
  'type,asc',
  'type,desc',
  'size,asc',
  'size,desc',
] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];

export const THUMBNAIL_FORMATS = ['webp', 'png', 'jpeg'] as const;
export type ThumbnailFormat = (typeof THUMBNAIL_FORMATS)[number];
export const THUMBNAIL_FITS = ['cover', 'contain', 'inside', 'outside', 'fill'] as const;
export type ThumbnailFit = (typeof THUMBNAIL_FITS)[number];

/** English labels; the app translates by code. */
export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  COC_EXTRACT: 'Chamber of Commerce extract',
  ARTICLES_OF_ASSOCIATION: 'Articles of association',
  UBO_REGISTER_EXTRACT: 'UBO register extract',
  SHAREHOLDER_REGISTER: 'Shareholder register',
  ID_DOCUMENT: 'Identity document',
  PROOF_OF_ADDRESS: 'Proof of address',
  BANK_STATEMENT: 'Bank statement',
  VAT_CERTIFICATE: 'VAT certificate',
  POWER_OF_ATTORNEY: 'Power of attorney',
  FINANCIAL_STATEMENT: 'Financial statement',
  CONTRACT: 'Contract',
  INVOICE: 'Invoice',
  PURCHASE_ORDER: 'Purchase order',
  ORDER_CONFIRMATION: 'Order confirmation',
  CMR: 'CMR consignment note',
  BILL_OF_LADING: 'Bill of lading',
  PACKING_LIST: 'Packing list',
  AIR_WAYBILL: 'Air waybill',
  PROOF_OF_DELIVERY: 'Proof of delivery',
  CUSTOMS_DECLARATION: 'Customs declaration',
  CERTIFICATE_OF_ORIGIN: 'Certificate of origin',
  PHOTO: 'Photo',
  PROFILE_PICTURE: 'Profile picture',
  OTHER: 'Other',
};

/**
 * Which documents a query is about. Every field narrows (AND); `none` means a link that cannot
 * match anything (a malformed address uuid).
 */
export interface DocumentConditions {
  tradePartnerId?: number;
  contactId?: number;
  addressId?: number;
  userId?: number;
  shipmentId?: number;
  orderId?: number;
  transportId?: number;
  /** Uploaded through a self-service link to this KYC file. */
  kycId?: number;
  types?: readonly DocumentType[];
  statuses: readonly DocumentStatus[];
  none?: boolean;
}

/**
 * Who is asking, for the "only what you may read" condition (undefined for the server itself):
 * the kinds of documents they may read nowhere (decision 035); where they read financial ones
 * (decision 042: every company, or those where the identity is a member at one of `levels`);
 * and whose documents they see: every company's (staff), those of the companies the identity
 * belongs to and its profile pictures, or a self-service link's holder those uploaded through
 * links to its file (issue 19).
 */
export type Viewer =
  | {
      hidden: readonly DocumentKind[];
      financial: 'all' | { identityId: string; levels: readonly AccessLevel[] };
      scope: 'all' | { identityId: string } | { selfServiceKycId: number };
    }
  | undefined;

/** The user-facing size limit, e.g. "25 MB", from the configured number of bytes. */
export function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : Number(mb.toFixed(1))} MB`;
}

/**
 * A company's document was added, archived, restored or given another type. Whoever depends on
 * a company's documents (a KYC file's requests and insights) is told after the change commits.
 */
export interface CompanyDocumentChange {
  tradePartnerId: number;
  documentId: number;
  fileName: string;
  /** The document's types before and after (one, unless the type changed). */
  types: readonly DocumentType[];
  change: 'added' | 'archived' | 'retyped';
  actor: AuthUser;
}

export type CompanyDocumentListener = (change: CompanyDocumentChange) => Promise<void>;

/**
 * The caller an identity stands for when it is a self-service link's (issue 19), or undefined
 * for a person's. The KYC module answers it; documents only ask.
 */
export type SelfServiceCaller = (identityId: string) => Promise<AuthUser | undefined>;

/**
 * Checks, inside the transaction `tx` that is about to store a write, that a self-service
 * link's holder may still write (decision 041): it throws when the link was revoked, expired or
 * its file handed in meanwhile, so nothing is stored. The KYC module answers it; it does
 * nothing for any other caller.
 */
export type LinkWriteCheck = (tx: Db, actor: AuthUser) => Promise<void>;

/** The KYC file a company's document is evidence of (decision 035). */
export interface EvidenceFile {
  id: number;
  status: KycStatus;
}

/** What befell a KYC file's evidence, for the file's audit trail (decision 035). */
export interface EvidenceEvent {
  file: EvidenceFile;
  document: {
    id: number;
    fileName: string;
    type: DocumentType;
    tradePartnerId: number | null;
    kycId: number | null;
  };
  change: 'archived' | 'restored' | 'retyped' | 'uploaded';
  from?: string;
  to?: string;
  reason?: string;
  actor: AuthUser;
}

/**
 * The KYC module's side of a company's evidence (decision 035), handed to the documents module
 * by app.ts: which file a document is evidence of (the file it was uploaded to through a link,
 * else the company's newest), and the record of each change, written with the change's
 * transaction.
 */
export interface EvidenceKeeper {
  fileOf(
    db: Db,
    document: { tradePartnerId: number; kycId: number | null },
  ): Promise<EvidenceFile | undefined>;
  /**
   * `fileOf` for many documents at once, in at most two queries whatever their number: each
   * document's file by its `evidenceKey` (none for a document whose file does not exist).
   */
  filesOf(db: Db, documents: readonly EvidenceOwner[]): Promise<Map<string, EvidenceFile>>;
  record(db: Db, event: EvidenceEvent): Promise<void>;
}

/** What a document's file is found by: its link's file, else its company's current one. */
export interface EvidenceOwner {
  tradePartnerId: number;
  kycId: number | null;
}

/** The key of `filesOf`'s answer: documents with the same key are evidence of the same file. */
export const evidenceKey = (document: EvidenceOwner): string =>
  document.kycId !== null ? `file:${document.kycId}` : `company:${document.tradePartnerId}`;
