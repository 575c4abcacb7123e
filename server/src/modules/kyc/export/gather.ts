import { KYC_STEP_TYPES, STEP_DOCUMENT_TYPES, type KycStepType } from '#common/kyc.js';
import type { Person } from '#common/kyc-responses.js';
import type { Db } from '#server/db/client.js';
import type { DocumentType } from '#server/db/schema/documents.js';
import type { AuthUser } from '#server/plugins/auth.js';
import {
  createDocumentLookup,
  type DocumentView,
} from '#server/modules/documents/lookup-service.js';
import { createOrderLookup } from '#server/modules/orders/orders-service.js';
import { authorizeKyc } from '../core/access-service.js';
import { personName } from '../core/audit-repository.js';
import { evaluateInsights } from '../core/insights/compute.js';

import { toAuditEvent, toComment, toStatusRecord, toStep } from '../core/present.js';
import { presentSubmission } from '../core/progress.js';
import { createRecordRepository } from '../core/records-repository.js';
import {
  createSubmissionRepository,
  type KycRef,
  type SubmissionView,
} from '../core/submissions-repository.js';
import type { ExportDocument, ExportOptions, KycExportModel } from './model.js';

/**
 * Exporting a file is staff's, like its audit trail (decision 014): a partner's member gets 403,
 * anyone else the same 404 as for a file that does not exist.
 */
export const authorizeExport = async (db: Db, actor: AuthUser, ref: KycRef) =>
  (await authorizeKyc(db, actor, ref, 'audit')).view;

const STEP_OF_TYPE = new Map<DocumentType, KycStepType>(
  KYC_STEP_TYPES.flatMap((step) => STEP_DOCUMENT_TYPES[step].map((type) => [type, step] as const)),
);
const stepOrder = (type: DocumentType) => {
  const step = STEP_OF_TYPE.get(type);
  return step === undefined ? KYC_STEP_TYPES.length : KYC_STEP_TYPES.indexOf(step);
};

function toExportDocument({ document, uploader }: DocumentView): ExportDocument {
  return {
    id: document.id,
    uuid: document.uuid,
    type: document.type,
    fileName: document.fileName,
    contentType: document.contentType,
    size: document.size,
    sha256: document.sha256,
    uploadedAt: document.createdAt.toISOString(),
    uploadedBy: uploader ? personName(uploader) : null,
    stepType: STEP_OF_TYPE.get(document.type) ?? null,
  };
}

export interface GatherRequest {
  kycId: number;
  options: ExportOptions;
  orderUuid: string | null;
  /** Whether the cover shows the order's total (decided for the exporter when asked). */
  orderAmounts: boolean;
  generatedBy: Person;
  now?: Date;
}

/**
 * Everything the review file shows, read by the file's id: the caller has checked who may
 * export it (authorizeExport) when the export was asked for. The documents are the company's
 * ACTIVE ones but its shipments' papers, in step order, then as uploaded; only their rows are read here, their bytes one
 * at a time while the PDF is built.
 */
export async function gatherExport(db: Db, request: GatherRequest): Promise<KycExportModel> {
  const { kycId, options } = request;
  const view: SubmissionView | undefined = await createSubmissionRepository(db).find({
    id: kycId,
  });
  if (!view) throw new Error(`KYC submission ${kycId} no longer exists.`);
  const records = createRecordRepository(db);
  const submission = await presentSubmission(db, view, 'staff');
  const [steps, comments, history, audit, insights, documents, order] = await Promise.all([
    records.stepsOf([kycId]),
    records.comments(kycId, 'staff'),
    records.statusRecords(kycId),
    records.auditEvents(kycId),
    evaluateInsights(db, kycId, request.now ?? new Date()),
    createDocumentLookup(db).list(
      { tradePartnerId: view.submission.tradePartnerId, statuses: ['ACTIVE'] },
      undefined,
      'createdAt,asc',
    ),
    request.orderUuid ? createOrderLookup(db).cover(request.orderUuid, request.orderAmounts) : null,
  ]);
  if (!insights) throw new Error(`KYC submission ${kycId} no longer exists.`);
  if (request.orderUuid && !order) throw new Error(`Order ${request.orderUuid} no longer exists.`);
  const auditEvents = audit.map(toAuditEvent);

  return {
    submission: { ...submission, riskLevel: insights.riskLevel },
    // The export is for staff (its routes check it): every comment, internal ones marked.
    steps: steps.map((step) => toStep(step, view.submission, 'staff')),
    comments: comments.map((comment) => toComment(comment, 'staff')),
    statusHistory: history.map((record) => toStatusRecord(record, 'staff')),

    decisions: auditEvents.filter((event) => event.action === 'step_status_changed'),
    riskAcknowledgements: auditEvents.filter((event) => event.action === 'risk_acknowledged'),

    audit: options.includeAuditLogs ? auditEvents : null,
    insights,
    // A shipment's papers (CMRs, bills of lading, proofs of delivery) are logistics, not the
    // company's file: they would grow it with every shipment (decision 034).
    documents: documents
      .filter(({ document }) => document.shipmentId === null)
      .map(toExportDocument)
      .sort((a, b) => stepOrder(a.type) - stepOrder(b.type)),
    order,
    generatedAt: request.now ?? new Date(),
    generatedBy: request.generatedBy,
  };
}
