import type { FastifyBaseLogger } from 'fastify';
import { requestOpen, STEP_DOCUMENT_TYPES } from '#common/kyc.js';
import type { Db } from '#server/db/client.js';
import {
  evidenceKey,
  type CompanyDocumentChange,
  type EvidenceEvent,
  type EvidenceFile,
  type EvidenceKeeper,
} from '#server/modules/documents/lookup-service.js';
import { createCompanyMatches } from '#server/modules/search/lookup-service.js';
import { createUserLookup } from '#server/modules/users/identity-service.js';
import { createPartnerLookup } from '#server/modules/partners/directory-service.js';
import { acting, recordAudit } from './audit-repository.js';
import { computeInsights, refreshInsights } from './insights/compute.js';
import { createInsightsRepository } from './insights/insights-repository.js';
import { createRecordRepository } from './records-repository.js';
import { createSubmissionRepository } from './submissions-repository.js';
import { answered } from './requests.js';

/**
 * What a KYC file does when something it reads changes elsewhere (issue 14): its insights are
 * computed again, and a document the partner adds, archives or retypes for a step answers the
 * reviewer's open request on that step. Each reaction runs after the change has committed; a
 * failed insights refresh is logged and leaves the stored insights as they were (they are
 * computed again on the next change, when a reviewer opens them, and before any approval).
 */
export function createKycReactions(db: Db, log: FastifyBaseLogger) {
  const submissions = createSubmissionRepository(db);

  async function refresh(kycId: number): Promise<void> {
    try {
      await refreshInsights(db, kycId);
    } catch (error) {
      log.error({ kycId, reason: (error as Error).message }, 'KYC insights refresh failed');
    }
  }

  /** The open file's steps a document change answers: it is with the partner, the step asked. */
  async function answerRequests(kycId: number, change: CompanyDocumentChange): Promise<void> {
    const user = await createUserLookup(db).byIdentity(change.actor.sub);
    if (!user) return;
    const link = change.actor.selfService?.linkId;
    const by = acting(link === undefined ? user : { ...user, viaSelfServiceLink: link });
    await db.transaction(async (tx) => {
      if ((await createSubmissionRepository(tx).statusForShare(kycId)) !== 'CHANGES_REQUESTED') {
        return;
      }
      const records = createRecordRepository(tx);
      const document = { id: change.documentId, fileName: change.fileName, change: change.change };
      for (const step of await records.stepsForUpdate(kycId)) {
        const concerned = STEP_DOCUMENT_TYPES[step.stepType].some((type) =>
          change.types.includes(type),
        );
        if (!concerned || !step.request) continue;
        const open = requestOpen(step.request);
        const now = new Date();
        const request = answered(step.request, by, now)!;
        const updated = await records.updateStep(step.id, step.version, {
          request: { ...request, documents: [...request.documents, document] },
          ...(open && step.status === 'CHANGES_REQUESTED' ? { status: 'IN_PROGRESS' } : {}),
          updatedBy: user.id,
        });
        if (!updated || !open) continue;
        await recordAudit(tx, {
          kycId,
          entity: 'step',
          entityId: step.id,
          stepType: step.stepType,
          action: 'step_request_answered',
          from: step.status,
          to: updated.status,
          details: { how: 'document', request: step.request.kind, document },
          by,
        });
      }
    });
  }

  /**
   * A file's evidence (decision 035): the file a company document is evidence of, and each
   * change of it in the file's trail. Evidence archived from an APPROVED file is a finding on
   * it (EVIDENCE_REMOVED), computed at once, so the file no longer reads as it was approved;
   * restoring the document clears it as soon.
   */
  /** One change of a document in `file`'s trail; archived from or back to an approved file, a finding. */
  async function recordOn(tx: Db, file: EvidenceFile, event: EvidenceEvent) {
    const user = await createUserLookup(tx).byIdentity(event.actor.sub);
    const link = event.actor.selfService?.linkId;
    const by = user
      ? acting(link === undefined ? user : { ...user, viaSelfServiceLink: link })
      : null;
    const { id, fileName, type } = event.document;
    await recordAudit(tx, {
      kycId: file.id,
      entity: 'document',
      entityId: id,
      action: `document_${event.change}`,
      from: event.from ?? null,
      to: event.to ?? null,
      reason: event.reason ?? null,
      details: { fileName, type, fileStatus: file.status },
      by,
    });
    const removesOrReturns = event.change === 'archived' || event.change === 'restored';
    if (removesOrReturns && file.status === 'APPROVED') {
      await createInsightsRepository(tx).lockSubmission(file.id);
      await computeInsights(tx, file.id);
    }
  }

  const evidence: EvidenceKeeper = {
    async fileOf(tx, document) {
      const repository = createSubmissionRepository(tx);
      // A company document is evidence of its newest file that was not cancelled: a cancelled
      // attempt leaves the file before it (an approved one, say) what the evidence rests on.
      const files =
        document.kycId === null ? await repository.listOfPartner(document.tradePartnerId) : [];
      const view =
        document.kycId !== null
          ? await repository.find({ id: document.kycId })
          : (files.find((file) => file.submission.status !== 'CANCELLED') ?? files[0]);
      return view && { id: view.submission.id, status: view.submission.status };
    },

    async filesOf(tx, documents) {
      // fileOf's rule, for a page of documents: a link's upload is its file's; any other
      // company document its company's newest file that was not cancelled, else its newest.
      const repository = createSubmissionRepository(tx);
      const linked = new Set<number>();
      const companies = new Set<number>();
      for (const document of documents) {
        if (document.kycId !== null) linked.add(document.kycId);
        else companies.add(document.tradePartnerId);
      }
      const [files, current] = await Promise.all([
        repository.statusesOf([...linked]),
        repository.currentOf([...companies]),
      ]);
      const byKey = new Map<string, EvidenceFile>();
      for (const { id, tradePartnerId, status } of files) {
        byKey.set(evidenceKey({ tradePartnerId, kycId: id }), { id, status });
      }
      for (const { id, tradePartnerId, status } of current) {
        byKey.set(evidenceKey({ tradePartnerId, kycId: null }), { id, status });
      }
      return byKey;
    },

    async record(tx, event) {
      await recordOn(tx, event.file, event);
      // A renewal's change of the company's evidence also touches the approved file before it:
      // the approval rested on that evidence, so its trail says so and its insights look again
      // (EVIDENCE_REMOVED), whatever becomes of the renewal.
      const { tradePartnerId, kycId } = event.document;
      if (event.file.status === 'APPROVED' || kycId !== null || tradePartnerId === null) return;
      const approved = (await createSubmissionRepository(tx).listOfPartner(tradePartnerId)).find(
        ({ submission }) => submission.status === 'APPROVED',
      );
      if (approved && approved.submission.id !== event.file.id) {
        await recordOn(tx, { id: approved.submission.id, status: 'APPROVED' }, event);
      }
    },
  };

  return {
    evidence,

    /** A step's data was saved: its file's insights. */
    stepChanged: (kycId: number): Promise<void> => refresh(kycId),

    /** A company document changed: the open file's requests it answers, and its insights. */
    async documentChanged(change: CompanyDocumentChange): Promise<void> {
      const open = await submissions.findOpen(change.tradePartnerId);
      if (!open) return;
      try {
        await answerRequests(open.id, change);
      } catch (error) {
        // The document stays changed; the partner can still answer by saving the step.
        const reason = (error as Error).message;
        log.error(
          { kycId: open.id, documentId: change.documentId, reason },
          'KYC request answer failed',
        );
      }
      await refresh(open.id);
    },

    /**
     * A company's data changed (name, numbers, country, addresses): its open file's insights,
     * and those of the open files that declare its numbers or belong to companies holding them,
     * whose conflicts with it may have appeared or gone. (A resemblance of names alone is found
     * at those files' next refresh, and always before an approval.)
     */
    async partnerChanged({ tradePartnerId }: { tradePartnerId: number }): Promise<void> {
      try {
        const partner = await createPartnerLookup(db).find({ id: tradePartnerId });
        const numbers = {
          cocNumber: partner?.cocNumber ?? undefined,
          vatNumber: partner?.vatNumber ?? undefined,
        };
        const sharing = await createCompanyMatches(db).findByNumbers(numbers);
        const files = new Set(await submissions.openDeclaring(numbers));
        for (const id of new Set([tradePartnerId, ...sharing.map((row) => row.id)])) {
          const open = await submissions.findOpen(id);
          if (open) files.add(open.id);
        }
        for (const kycId of files) await refresh(kycId);
      } catch (error) {
        const reason = (error as Error).message;
        log.error({ tradePartnerId, reason }, 'KYC insights refresh after a company change failed');
      }
    },
  };
}

export type KycReactions = ReturnType<typeof createKycReactions>;
