import type { FastifyBaseLogger } from 'fastify';
import { exportFileName, type ExportJob } from '#common/kyc-export.js';
import type { Db } from '#server/db/client.js';
import type { KycExportJobRow } from '#server/db/schema/kyc-export.js';
import { ConflictError, ForbiddenError, NotFoundError } from '#server/errors.js';
import type { AuthUser } from '#server/plugins/auth.js';
import { policy } from '#server/policy.js';
import { ObjectNotFoundError, type DocumentStore } from '#server/storage/storage.js';
import { createOrderLookup } from '#server/modules/orders/orders-service.js';
import { createUserLookup } from '#server/modules/users/identity-service.js';
import { acting } from '../core/audit-repository.js';
import type { KycRef } from '../core/submissions-repository.js';
import { exportLanguage } from './document.js';
import { authorizeExport } from './gather.js';
import { createExportJobRepository } from './jobs-repository.js';
import { buildExport, createExportSource, recordExport } from './run.js';
import type { ExportQuery } from './export-schemas.js';

const jobNotFound = (jobId: string) => `Export job ${jobId} not found.`;

function presentJob(row: KycExportJobRow): ExportJob {
  return {
    jobId: row.id,
    kycId: row.kycId,
    status: row.status,
    progress: row.progress,
    currentStep: row.stage,
    filename: row.filename,
    errorMessage: row.errorMessage,
    pageCount: row.pageCount,
    size: row.size,
    sha256: row.sha256,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

const optionsOf = (query: ExportQuery) => ({
  includeAuditLogs: query.includeAuditLogs,
  includeDocumentThumbnails: query.includeDocumentThumbnails,
  includeFullDocuments: query.includeFullDocuments,
});

/** SPEC 9's default name for what the path and query name. */
function defaultName(ref: KycRef, kycId: number, query: ExportQuery): string {
  if (query.orderUuid) return exportFileName({ orderUuid: query.orderUuid });
  return 'uuid' in ref ? exportFileName({ uuid: ref.uuid }) : exportFileName({ id: kycId });
}

/**
 * PDF exports of KYC files (decision 014): queued jobs any process can answer for, and the
 * synchronous variant. Only staff may export; a job is readable by its requester and by staff.
 */
export function createExportService(
  db: Db,
  store: DocumentStore,
  log: FastifyBaseLogger,
  deps: { tempDir: string; wake: () => void },
) {
  const { tempDir, wake } = deps;
  const jobs = createExportJobRepository(db);
  const users = createUserLookup(db);
  const orders = createOrderLookup(db);

  /**
   * The order the export is made for: one of the file's partner's orders the actor may read
   * (404 otherwise), and whether its total goes on the cover for them.
   */
  const orderOf = (actor: AuthUser, tradePartnerId: number, query: ExportQuery) =>
    query.orderUuid
      ? orders.forExport(actor, query.orderUuid, tradePartnerId)
      : { orderUuid: null, orderAmounts: false };
  const source = createExportSource(db, store, log);

  async function me(actor: AuthUser) {
    const user = await users.byIdentity(actor.sub);
    if (!user) throw new ForbiddenError('Your user record does not exist yet.');
    return user;
  }

  async function readable(actor: AuthUser, jobId: string): Promise<KycExportJobRow> {
    const row = await jobs.find(jobId);
    if (!row) throw new NotFoundError(jobNotFound(jobId));
    if (policy.seesAllKycExports(actor)) return row;
    const user = await users.byIdentity(actor.sub);
    if (user?.id !== row.requestedBy) throw new NotFoundError(jobNotFound(jobId));
    return row;
  }

  return {
    async start(
      actor: AuthUser,
      ref: KycRef,
      query: ExportQuery,
      acceptLanguage?: string,
    ): Promise<ExportJob> {
      const view = await authorizeExport(db, actor, ref);
      const { orderUuid, orderAmounts } = await orderOf(
        actor,
        view.submission.tradePartnerId,
        query,
      );
      const user = await me(actor);
      const row = await jobs.insert({
        kycId: view.submission.id,
        requestedBy: user.id,
        options: { ...optionsOf(query), ...(orderUuid ? { orderAmounts } : {}) },
        orderUuid,
        language: exportLanguage(acceptLanguage),
        filename: query.filename ?? defaultName(ref, view.submission.id, query),
      });
      wake();
      return presentJob(row);
    },

    async status(actor: AuthUser, jobId: string): Promise<ExportJob> {
      return presentJob(await readable(actor, jobId));
    },

    async download(actor: AuthUser, jobId: string) {
      const row = await readable(actor, jobId);
      if (row.status !== 'COMPLETED' || !row.storageKey) {
        throw new ConflictError(
          `Export job ${jobId} is ${row.status}: there is nothing to download yet.`,
          {
            job: presentJob(row),
          },
        );
      }
      try {
        const object = await store.get(row.storageKey);
        return { filename: row.filename, ...object };
      } catch (error) {
        if (!(error instanceof ObjectNotFoundError)) throw error;
        throw new NotFoundError(`The PDF of export job ${jobId} is no longer kept.`);
      }
    },

    /**
     * Builds the PDF while the caller waits and records it in the audit trail; the caller
     * streams the file and discards it.
     */
    async exportNow(actor: AuthUser, ref: KycRef, query: ExportQuery, acceptLanguage?: string) {
      const view = await authorizeExport(db, actor, ref);
      const request = {
        kycId: view.submission.id,
        options: optionsOf(query),
        ...(await orderOf(actor, view.submission.tradePartnerId, query)),
        language: exportLanguage(acceptLanguage),
        by: acting(await me(actor)),
      };
      const filename = query.filename ?? defaultName(ref, view.submission.id, query);
      const built = await buildExport(db, source, request, async () => undefined, tempDir);
      try {
        await db.transaction((tx) => recordExport(tx, request, built, { jobId: null, filename }));
      } catch (error) {
        await built.discard();
        throw error;
      }
      return { filename, built };
    },
  };
}
