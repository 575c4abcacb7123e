import { and, eq } from 'drizzle-orm';
import { KYC_STEP_TYPES, type KycStatus, type KycStepType } from '#common/kyc.js';
import { kycSteps, kycSubmissions, obligedEntities } from '#server/db/schema/kyc.js';
import type { TestServer } from './harness.js';

export type StepData = Partial<Record<KycStepType, Record<string, unknown>>>;

/**
 * A KYC submission written straight into the database, with its six steps and their data, so
 * that the insights can be tested whatever the state of the workflow's own API.
 */
export async function insertKycSubmission(
  server: TestServer,
  fields: { tradePartnerId: number; status?: KycStatus; steps?: StepData },
): Promise<{ id: number; uuid: string }> {
  const db = server.app.db;
  const name = server.config.kyc.obligedEntityName;
  await db.insert(obligedEntities).values({ name }).onConflictDoNothing();
  const [entity] = await db
    .select({ id: obligedEntities.id })
    .from(obligedEntities)
    .where(eq(obligedEntities.name, name));
  const [submission] = await db
    .insert(kycSubmissions)
    .values({
      tradePartnerId: fields.tradePartnerId,
      obligedEntityId: entity!.id,
      status: fields.status ?? 'SUBMITTED',
    })
    .returning({ id: kycSubmissions.id, uuid: kycSubmissions.uuid });
  await db.insert(kycSteps).values(
    KYC_STEP_TYPES.map((stepType) => ({
      kycId: submission!.id,
      stepType,
      data: fields.steps?.[stepType] ?? {},
    })),
  );
  return submission!;
}

/** Replaces the data of one step, as the forms of issue 7 will. */
export async function setStepData(
  server: TestServer,
  kycId: number,
  stepType: KycStepType,
  data: Record<string, unknown>,
): Promise<void> {
  await server.app.db
    .update(kycSteps)
    .set({ data })
    .where(and(eq(kycSteps.kycId, kycId), eq(kycSteps.stepType, stepType)));
}
