import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { KYC_STEP_TYPES, type KycStepStatus, type KycStepType } from '#common/kyc.js';
import type { Db } from '#server/db/client.js';
import type { NamedPerson } from '#server/modules/users/identity-service.js';
import type { KycAudience } from '#server/policy.js';
import {
  kycAuditEvents,
  kycComments,
  kycStatusRecords,
  kycSteps,
  kycSubmissions,
} from '#server/db/schema/kyc.js';
import { users } from '#server/db/schema/users.js';

export type StepRow = typeof kycSteps.$inferSelect;
export type NewStep = typeof kycSteps.$inferInsert;
export type StatusRecordRow = typeof kycStatusRecords.$inferSelect;
export type NewStatusRecord = typeof kycStatusRecords.$inferInsert;
export type CommentRow = typeof kycComments.$inferSelect;
export type NewComment = typeof kycComments.$inferInsert;
export type AuditRow = typeof kycAuditEvents.$inferSelect;
export type NewAuditEvent = typeof kycAuditEvents.$inferInsert;

/** A step with the person who changed it last. */
export interface StepView {
  step: StepRow;
  updater: NamedPerson | null;
}

const stepOrder = sql`array_position(array[${sql.join(
  KYC_STEP_TYPES.map((type) => sql`${type}`),
  sql`, `,
)}]::text[], ${kycSteps.stepType})`;

/** A step as a list row shows it. */
export interface StepStatus {
  stepType: KycStepType;
  status: KycStepStatus;
  /** Data was saved on it (common/kyc-progress.ts hasSavedData, asked in SQL). */
  started: boolean;
}

/**
 * The type and status of each step of the submission of the enclosing query, in order, and
 * whether data was saved on it, as one JSON array: a list row's steps inside the row's own
 * query, without their data.
 */
export const stepStatusesJson = sql<StepStatus[]>`(
  select coalesce(json_agg(json_build_object('stepType', ${kycSteps.stepType}, 'status', ${kycSteps.status}, 'started', ${kycSteps.data} <> '{}'::jsonb) order by ${stepOrder}), '[]')
  from ${kycSteps} where ${kycSteps.kycId} = ${kycSubmissions.id})`;

/** The steps, the status history, the comments and the audit trail of submissions. */
export function createRecordRepository(db: Db) {
  const selectSteps = () =>
    db
      .select({
        step: kycSteps,
        updater: {
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          username: users.username,
          email: users.email,
        },
      })
      .from(kycSteps)
      .leftJoin(users, eq(users.id, kycSteps.updatedBy));

  return {
    /** The steps of the given submissions, each submission's in the order of KYC_STEP_TYPES. */
    async stepsOf(kycIds: number[]): Promise<StepView[]> {
      if (kycIds.length === 0) return [];
      return selectSteps()
        .where(inArray(kycSteps.kycId, kycIds))
        .orderBy(asc(kycSteps.kycId), stepOrder);
    },

    /** The steps of a submission, locked against other changes for the rest of the transaction. */
    async stepsForUpdate(kycId: number): Promise<StepRow[]> {
      return db.select().from(kycSteps).where(eq(kycSteps.kycId, kycId)).for('update');
    },

    async findStep(kycId: number, stepType: KycStepType): Promise<StepView | undefined> {
      const [row] = await selectSteps()
        .where(and(eq(kycSteps.kycId, kycId), eq(kycSteps.stepType, stepType)))
        .limit(1);
      return row;
    },

    async findStepByUuid(kycId: number, uuid: string): Promise<StepView | undefined> {
      const [row] = await selectSteps()
        .where(and(eq(kycSteps.kycId, kycId), eq(kycSteps.uuid, uuid)))
        .limit(1);
      return row;
    },

    async insertSteps(values: NewStep[]): Promise<StepRow[]> {
      return db.insert(kycSteps).values(values).returning();
    },

    /** Inserts the step unless the submission has one of its type; the row inserted, if any. */
    async insertStepIfAbsent(values: NewStep): Promise<StepRow | undefined> {
      const [row] = await db
        .insert(kycSteps)
        .values(values)
        .onConflictDoNothing({ target: [kycSteps.kycId, kycSteps.stepType] })
        .returning();
      return row;
    },

    /** Changes the step if it is still at `version`, bumping it; undefined otherwise. */
    async updateStep(
      id: number,
      version: number,
      values: Partial<NewStep>,
    ): Promise<StepRow | undefined> {
      const [row] = await db
        .update(kycSteps)
        .set({ ...values, version: sql`${kycSteps.version} + 1`, updatedAt: new Date() })
        .where(and(eq(kycSteps.id, id), eq(kycSteps.version, version)))
        .returning();
      return row;
    },

    /**
     * Sets or clears the partner's draft of a step while the step is in one of `openStatuses`.
     * A draft is not a change of the step: its version and updatedAt stay. Undefined when the
     * step is not open.
     */
    async setDraft(
      id: number,
      openStatuses: readonly KycStepStatus[],
      values: Pick<NewStep, 'draft' | 'draftSavedAt' | 'draftSavedBy'>,
    ): Promise<StepRow | undefined> {
      const [row] = await db
        .update(kycSteps)
        .set(values)
        .where(and(eq(kycSteps.id, id), inArray(kycSteps.status, [...openStatuses])))
        .returning();
      return row;
    },

    async insertStatusRecord(values: NewStatusRecord): Promise<StatusRecordRow> {
      const [row] = await db.insert(kycStatusRecords).values(values).returning();
      return row!;
    },

    async statusRecords(kycId: number): Promise<StatusRecordRow[]> {
      return db
        .select()
        .from(kycStatusRecords)
        .where(eq(kycStatusRecords.kycId, kycId))
        .orderBy(asc(kycStatusRecords.createdAt), asc(kycStatusRecords.id));
    },

    async findStatusRecord(kycId: number, id: number): Promise<StatusRecordRow | undefined> {
      const [row] = await db
        .select()
        .from(kycStatusRecords)
        .where(and(eq(kycStatusRecords.kycId, kycId), eq(kycStatusRecords.id, id)));
      return row;
    },

    async insertComment(values: NewComment): Promise<CommentRow> {
      const [row] = await db.insert(kycComments).values(values).returning();
      return row!;
    },

    /** The comments `audience` may read: a partner only the shared ones. */
    async comments(kycId: number, audience: KycAudience): Promise<CommentRow[]> {
      return db
        .select()
        .from(kycComments)
        .where(
          and(
            eq(kycComments.kycId, kycId),
            audience === 'staff' ? undefined : eq(kycComments.visibility, 'shared'),
          ),
        )

        .orderBy(asc(kycComments.createdAt), asc(kycComments.id));
    },

    async insertAudit(values: NewAuditEvent): Promise<AuditRow> {
      const [row] = await db.insert(kycAuditEvents).values(values).returning();
      return row!;
    },

    async auditEvents(kycId: number): Promise<AuditRow[]> {
      return db
        .select()
        .from(kycAuditEvents)
        .where(eq(kycAuditEvents.kycId, kycId))
        .orderBy(asc(kycAuditEvents.createdAt), asc(kycAuditEvents.id));
    },
  };
}

export type RecordRepository = ReturnType<typeof createRecordRepository>;
