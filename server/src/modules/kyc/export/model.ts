import type { KycStepType } from '#common/kyc.js';
import type { ExportStage } from '#common/kyc-export.js';
import type { Insights } from '#common/kyc-insights.js';
import type {
  AuditEvent,
  KycComment,
  KycStep,
  KycSubmission,
  Person,
  StatusRecord,
} from '#common/kyc-responses.js';
import type { DocumentType } from '#server/db/schema/documents.js';
import type { OrderCover } from '#server/modules/orders/orders-service.js';

/** What the caller asks the review file to contain (SPEC 3, PDF export options). */
export interface ExportOptions {
  includeAuditLogs: boolean;
  includeDocumentThumbnails: boolean;
  includeFullDocuments: boolean;
}

/** One of the company's ACTIVE documents, as the review file lists it. */
export interface ExportDocument {
  id: number;
  uuid: string;
  type: DocumentType;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  uploadedAt: string;
  uploadedBy: string | null;
  /** The step whose document types include this type; null when no step asks for it. */
  stepType: KycStepType | null;
}

/** Everything the review file shows, read once with the exporter's authorisation checked. */
export interface KycExportModel {
  submission: KycSubmission;
  /** The six steps with a row, in KYC_STEP_TYPES order (summary has none). */
  steps: KycStep[];
  comments: KycComment[];
  /** Oldest first. */
  statusHistory: StatusRecord[];
  /** Every step status change (audit action step_status_changed), oldest first: always shown. */
  decisions: AuditEvent[];
  /** Every acknowledgement of the risk at an approval (audit action risk_acknowledged): always shown. */
  riskAcknowledgements: AuditEvent[];
  /** The whole audit trail, oldest first; null when includeAuditLogs is off. */

  audit: AuditEvent[] | null;
  /** Null when staff have not computed them or the exporter may not see them. */
  insights: Insights | null;
  /** In step order, then upload order. */
  documents: ExportDocument[];
  /** The order the export was made for (SPEC 7's orderUuid), as its cover shows it, or null. */
  order: OrderCover | null;
  generatedAt: Date;
  generatedBy: Person;
}

/** Reads a document's bytes: one at a time, as the builder asks for them. */
export interface ExportDocumentSource {
  /** A JPEG or PNG thumbnail (at most 240 px on its longer side), or null when there is none. */
  thumbnail(document: ExportDocument): Promise<Buffer | null>;
  /** The stored original. */
  original(document: ExportDocument): Promise<Buffer>;
}

/** The builder reports as it goes: percent 0..100 and the stage it is in. */
export type ExportProgress = (percent: number, stage: ExportStage) => Promise<void>;
