import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ExportStage } from '#common/kyc-export.js';
import type { ExportConfig } from '#server/config.js';
import type { Db } from '#server/db/client.js';
import type { KycExportJobRow } from '#server/db/schema/kyc-export.js';
import { createUserLookup } from '#server/modules/users/identity-service.js';
import type { DocumentStore } from '#server/storage/storage.js';
import { acting } from '../core/audit-repository.js';
import { exportLanguage } from './document.js';
import { createExportJobRepository } from './jobs-repository.js';
import type { ExportOptions } from './model.js';
import { buildExport, createExportSource, recordExport, storeExport } from './run.js';

/** Progress is written at most this often, unless the stage changes. */
const REPORT_EVERY_MS = 300;

class LeaseLost extends Error {
  constructor(readonly reason: 'stopping' | 'taken') {
    super(reason === 'stopping' ? 'The server is stopping.' : 'Another process took the job.');
  }
}

const ABANDONED = 'The export was interrupted three times and has been given up.';
const FAILED = 'The PDF could not be built.';

/**
 * Builds queued PDF exports, one at a time per process (decision 014). It claims a job with a
 * lease, renews the lease while it works, and on stop gives the job it holds back to the
 * queue, so another process (or this one after a restart) finishes it. Idle, it looks for work
 * every `pollMs`; wake() looks at once.
 */
export function createExportWorker(deps: {
  db: Db;
  store: DocumentStore;
  log: FastifyBaseLogger;
  config: ExportConfig;
}) {
  const { db, store, log, config } = deps;
  const jobs = createExportJobRepository(db);
  const source = createExportSource(db, store, log);
  const users = createUserLookup(db);
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  async function requester(job: KycExportJobRow) {
    const user = await users.byId(job.requestedBy);
    if (!user) throw new Error(`User ${job.requestedBy} no longer exists.`);
    return acting(user);
  }

  async function run(job: KycExportJobRow, token: string): Promise<void> {
    let last = { at: 0, stage: job.stage as ExportStage, percent: 0 };
    const heartbeat = setInterval(
      () => {
        jobs.report(job.id, token, config.leaseSeconds).catch((error: unknown) => {
          log.warn({ err: error, jobId: job.id }, 'export lease not renewed');
        });
      },
      (config.leaseSeconds * 1000) / 3,
    );
    try {
      const request = {
        kycId: job.kycId,
        options: job.options as unknown as ExportOptions,
        orderUuid: job.orderUuid,
        orderAmounts: job.options.orderAmounts === true,
        language: exportLanguage(job.language),
        by: await requester(job),
      };
      const built = await buildExport(
        db,
        source,
        request,
        async (percent, stage) => {
          if (stopping) throw new LeaseLost('stopping');
          const now = Date.now();
          if (stage === last.stage && now - last.at < REPORT_EVERY_MS) return;
          const kept = Math.max(last.percent, Math.min(99, Math.round(percent)));
          last = { at: now, stage, percent: kept };
          if (!(await jobs.report(job.id, token, config.leaseSeconds, { percent: kept, stage }))) {
            throw new LeaseLost('taken');
          }
        },
        config.tempDir,
      );
      try {
        const storageKey = await storeExport(store, job.id, built);
        const done = await db.transaction(async (tx) => {
          const completed = await jobs.complete(tx, job.id, token, {
            storageKey,
            size: built.size,
            pageCount: built.pageCount,
            sha256: built.sha256,
          });
          if (completed) {
            await recordExport(tx, request, built, { jobId: job.id, filename: job.filename });
          }
          return completed;
        });
        if (!done) throw new LeaseLost('taken');
      } finally {
        await built.discard();
      }
      log.info({ jobId: job.id, kycId: job.kycId, pages: built.pageCount }, 'PDF export finished');
    } catch (error) {
      if (error instanceof LeaseLost) {
        if (error.reason === 'stopping') await jobs.release(job.id, token);
        log.info({ jobId: job.id }, error.message);
        return;
      }
      log.error({ err: error, jobId: job.id }, 'PDF export failed');
      await jobs.fail(job.id, token, FAILED);
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** Removes finished exports past their retention, at most once a minute. */
  let sweptAt = 0;
  async function sweep(): Promise<void> {
    if (Date.now() - sweptAt < 60_000) return;
    sweptAt = Date.now();
    for (const job of await jobs.expired(config.retentionHours)) {
      if (job.storageKey) await store.delete(job.storageKey);
      await jobs.remove(job.id);
    }
  }

  async function tick(): Promise<void> {
    do {
      again = false;
      await sweep();
      await jobs.failAbandoned(ABANDONED);
      while (!stopping) {
        const token = randomUUID();
        const job = await jobs.claim(token, config.leaseSeconds);
        if (!job) break;
        await run(job, token);
      }
    } while (again && !stopping);
  }

  function schedule(delay: number) {
    if (stopping) return;
    clearTimeout(timer);
    timer = setTimeout(() => void look(), delay);
  }

  function look(): void {
    if (running) {
      again = true;
      return;
    }
    running = tick()
      .catch((error: unknown) => log.error({ err: error }, 'export worker tick failed'))
      .finally(() => {
        running = undefined;
        schedule(config.pollMs);
      });
  }

  return {
    start(): void {
      schedule(0);
    },
    /** A job was queued: look now rather than at the next poll. */
    wake(): void {
      if (!stopping) look();
    },
    /** Stops looking; a job in hand goes back to the queue at its next progress report. */
    async stop(): Promise<void> {
      stopping = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export type ExportWorker = ReturnType<typeof createExportWorker>;
