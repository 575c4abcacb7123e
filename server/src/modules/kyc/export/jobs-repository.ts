import { and, asc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { FINISHED_EXPORT_STATUSES, type ExportStage } from '#common/kyc-export.js';
import type { Db } from '#server/db/client.js';
import { kycExportJobs, type KycExportJobRow } from '#server/db/schema/kyc-export.js';

/** A job is given up after this many claims: a file that kills its worker three times fails. */
const MAX_ATTEMPTS = 3;

export type NewExportJob = typeof kycExportJobs.$inferInsert;

const leaseFrom = (seconds: number) => sql`now() + ${seconds} * interval '1 second'`;
const leaseExpired = lt(kycExportJobs.leaseUntil, sql`now()`);
const held = (id: string, token: string) =>
  and(
    eq(kycExportJobs.id, id),
    eq(kycExportJobs.leaseToken, token),
    eq(kycExportJobs.status, 'IN_PROGRESS'),
  );

/**
 * The export queue in PostgreSQL (decision 014). Claiming takes the oldest QUEUED job, or one
 * whose lease ran out (its process died), with FOR UPDATE SKIP LOCKED, so two processes never
 * take the same job; every later write names the lease token, so a worker that lost its lease
 * changes nothing.
 */
export function createExportJobRepository(db: Db) {
  return {
    async insert(values: NewExportJob): Promise<KycExportJobRow> {
      const [row] = await db.insert(kycExportJobs).values(values).returning();
      return row!;
    },

    async find(id: string): Promise<KycExportJobRow | undefined> {
      const [row] = await db.select().from(kycExportJobs).where(eq(kycExportJobs.id, id));
      return row;
    },

    async claim(token: string, leaseSeconds: number): Promise<KycExportJobRow | undefined> {
      const next = db
        .select({ id: kycExportJobs.id })
        .from(kycExportJobs)
        .where(
          and(
            or(
              eq(kycExportJobs.status, 'QUEUED'),
              and(eq(kycExportJobs.status, 'IN_PROGRESS'), leaseExpired),
            ),
            lt(kycExportJobs.attempts, MAX_ATTEMPTS),
          ),
        )
        .orderBy(asc(kycExportJobs.createdAt))
        .limit(1)
        .for('update', { skipLocked: true });
      const [row] = await db
        .update(kycExportJobs)
        .set({
          status: 'IN_PROGRESS',
          leaseToken: token,
          leaseUntil: leaseFrom(leaseSeconds),
          attempts: sql`${kycExportJobs.attempts} + 1`,
          startedAt: sql`coalesce(${kycExportJobs.startedAt}, now())`,
        })
        .where(inArray(kycExportJobs.id, next))
        .returning();
      return row;
    },

    /** Fails the jobs whose last allowed attempt died with its process. */
    async failAbandoned(message: string): Promise<number> {
      const rows = await db
        .update(kycExportJobs)
        .set({ status: 'FAILED', errorMessage: message, leaseToken: null, leaseUntil: null })
        .where(
          and(
            eq(kycExportJobs.status, 'IN_PROGRESS'),
            leaseExpired,
            gte(kycExportJobs.attempts, MAX_ATTEMPTS),
          ),
        )
        .returning({ id: kycExportJobs.id });
      return rows.length;
    },

    /** Progress, and a longer lease; false when the lease is no longer this worker's. */
    async report(
      id: string,
      token: string,
      leaseSeconds: number,
      progress?: { percent: number; stage: ExportStage },
    ): Promise<boolean> {
      const rows = await db
        .update(kycExportJobs)
        .set({
          leaseUntil: leaseFrom(leaseSeconds),
          ...(progress ? { progress: progress.percent, stage: progress.stage } : {}),
        })
        .where(held(id, token))
        .returning({ id: kycExportJobs.id });
      return rows.length === 1;
    },

    /** Gives the job back to the queue (its process is stopping); the attempt does not count. */
    async release(id: string, token: string): Promise<void> {
      await db
        .update(kycExportJobs)
        .set({
          status: 'QUEUED',
          stage: 'queued',
          progress: 0,
          leaseToken: null,
          leaseUntil: null,
          attempts: sql`greatest(${kycExportJobs.attempts} - 1, 0)`,
        })
        .where(held(id, token));
    },

    async complete(
      tx: Db,
      id: string,
      token: string,
      result: { storageKey: string; size: number; pageCount: number; sha256: string },
    ): Promise<boolean> {
      const rows = await tx
        .update(kycExportJobs)
        .set({
          ...result,
          status: 'COMPLETED',
          stage: 'done',
          progress: 100,
          leaseToken: null,
          leaseUntil: null,
          completedAt: sql`now()`,
        })
        .where(held(id, token))
        .returning({ id: kycExportJobs.id });
      return rows.length === 1;
    },

    async fail(id: string, token: string, message: string): Promise<void> {
      await db
        .update(kycExportJobs)
        .set({
          status: 'FAILED',
          errorMessage: message,
          leaseToken: null,
          leaseUntil: null,
          completedAt: sql`now()`,
        })
        .where(held(id, token));
    },

    /** Finished jobs older than `hours`: their PDFs are removed, then the rows. */
    async expired(hours: number): Promise<KycExportJobRow[]> {
      return db
        .select()
        .from(kycExportJobs)
        .where(
          and(
            inArray(kycExportJobs.status, FINISHED_EXPORT_STATUSES),
            lt(kycExportJobs.createdAt, sql`now() - ${hours} * interval '1 hour'`),
          ),
        )
        .limit(100);
    },

    async remove(id: string): Promise<void> {
      await db.delete(kycExportJobs).where(eq(kycExportJobs.id, id));
    },
  };
}

export type ExportJobRepository = ReturnType<typeof createExportJobRepository>;
