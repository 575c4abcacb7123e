import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { defaultVisibility, findTransition, KYC_STEP_TYPES } from '#common/kyc.js';
import type { Db } from '#server/db/client.js';
import { idpAccounts } from '#server/db/schema/idp.js';
import { kycSteps, kycSubmissions } from '#server/db/schema/kyc.js';
import { tradePartners } from '#server/db/schema/partners.js';
import { users, type UserRow } from '#server/db/schema/users.js';
import type { DocumentStore } from '#server/storage/storage.js';
import { acting, personName, recordAudit, type Acting } from '../core/audit-repository.js';
import { seedDemoDocuments } from './demo-documents.js';
import { computeInsights } from '../core/insights/compute.js';
import { createRecordRepository } from '../core/records-repository.js';
import { DAY, demoFiles, type DemoFile, type Username } from './demo-files.js';
import { ensureObligedEntity } from '../core/submissions-repository.js';
import { moveEffects } from '../core/workflow.js';

/** Any fixed number: seeding processes take this lock so each file is made once. */
const SEED_LOCK = 424243;

async function demoPeople(tx: Db): Promise<Map<string, UserRow>> {
  const names: Username[] = ['owner', 'partner', 'employee', 'manager'];
  const accounts = await tx.select().from(idpAccounts).where(inArray(idpAccounts.username, names));
  const rows = accounts.length
    ? await tx
        .select()
        .from(users)
        .where(
          inArray(
            users.identityId,
            accounts.map((a) => a.id),
          ),
        )
    : [];
  const byIdentity = new Map(rows.map((row) => [row.identityId, row]));
  const people = new Map<string, UserRow>();
  for (const account of accounts) {
    const row = byIdentity.get(account.id);
    if (row) people.set(account.username, row);
  }
  return people;
}

/** Writes one file as its story tells it: the rows, the history and the audit trail. */
async function replay(
  tx: Db,
  store: DocumentStore,
  file: DemoFile,
  partner: { id: number; uuid: string },
  obligedEntityId: number,
  people: Map<string, UserRow>,
): Promise<void> {
  const partnerId = partner.id;
  const who = (name: Username): { user: UserRow; by: Acting } => {
    const user = people.get(name)!;
    return { user, by: acting(user) };
  };
  const records = createRecordRepository(tx);
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY);
  const created = at(file.createdDaysAgo);
  const creator = who(file.createdBy);
  const documentIds = await seedDemoDocuments(
    tx,
    store,
    partner,
    creator.user.id,
    file.documents ?? [],
    at,
  );
  const data = file.data((name) => documentIds.get(name)!);
  const [row] = await tx
    .insert(kycSubmissions)
    .values({
      tradePartnerId: partnerId,
      obligedEntityId,
      status: 'DRAFT',
      createdBy: creator.user.id,
      createdAt: created,
      updatedAt: created,
    })
    .returning();
  const kycId = row!.id;
  const steps = await records.insertSteps(
    KYC_STEP_TYPES.map((stepType) => ({
      kycId,
      stepType,
      status: 'PENDING' as const,
      data: data[stepType] ?? {},
      updatedBy: data[stepType] ? creator.user.id : null,

      createdAt: created,
      updatedAt: created,
    })),
  );
  await records.insertStatusRecord({ kycId, status: 'DRAFT', createdAt: created, ...creator.by });
  await recordAudit(tx, {
    kycId,
    entity: 'submission',
    entityId: kycId,
    action: 'created',
    to: 'DRAFT',
    details: { version: 1, tradePartnerId: partnerId, steps: [...KYC_STEP_TYPES] },
    by: creator.by,
    at: created,
  });

  let state = { ...row!, version: 1 };
  for (const event of file.story) {
    const when = at(event.daysAgo);
    const { user, by } = who(event.by);
    if (event.kind === 'steps') {
      for (const step of steps) {
        await recordAudit(tx, {
          kycId,
          entity: 'step',
          entityId: step.id,
          stepType: step.stepType,
          action: 'step_status_changed',
          from: step.status,
          to: event.to,
          details: {
            version: step.version + 1,
            previousVersion: step.version,
            ...(event.requested ? { requested: event.requested } : {}),
          },
          by,
          at: when,
        });
        // A reviewer's decision, as review/steps-service.ts records it: the data it was made on.
        Object.assign(step, {
          status: event.to,
          version: step.version + 1,
          updatedBy: user.id,
          updatedAt: when,
          reviewedData: step.data,
          reviewedAt: when,
        });
      }
      continue;
    }
    if (!findTransition(state.status, event.to)) {
      throw new Error(`demo KYC story: ${state.status} to ${event.to} is not in the table`);
    }
    const from = state.status;
    const effects = moveEffects(from, event.to, user.id, when);
    // As a reviewer leaves it on the form: a decision's reason is internal (decision 017).
    const visibility = defaultVisibility({ kind: 'status', to: event.to });
    await records.insertStatusRecord({
      kycId,
      status: event.to,
      fromStatus: from,
      comment: event.comment ?? null,
      visibility,
      isCompliant: event.isCompliant ?? null,
      createdAt: when,
      ...by,
    });
    if (event.comment) {
      await records.insertComment({
        kycId,
        comment: event.comment,
        visibility,
        contextKind: 'status',
        contextStatus: event.to,
        createdAt: when,
        ...by,
      });
    }
    await recordAudit(tx, {
      kycId,
      entity: 'submission',
      entityId: kycId,
      action: 'status_changed',
      from,
      to: event.to,
      reason: event.comment ?? null,
      details: {
        version: state.version + 1,
        previousVersion: state.version,
        ...(event.isCompliant !== undefined ? { isCompliant: event.isCompliant } : {}),
      },
      by,
      at: when,
    });
    if (effects.reviewerId !== undefined && effects.reviewerId !== state.reviewerId) {
      await recordAudit(tx, {
        kycId,
        entity: 'submission',
        entityId: kycId,
        action: 'reviewer_assigned',
        to: personName(user),
        details: { reviewerId: user.id, previousReviewerId: state.reviewerId },
        by,
        at: when,
      });
    }
    state = { ...state, ...effects, status: event.to, version: state.version + 1, updatedAt: when };
  }

  await tx
    .update(kycSubmissions)
    .set({
      status: state.status,
      reviewerId: state.reviewerId,
      approvalRequestedBy: state.approvalRequestedBy,
      submittedAt: state.submittedAt,
      decidedAt: state.decidedAt,
      version: state.version,
      updatedAt: state.updatedAt,
    })
    .where(eq(kycSubmissions.id, kycId));
  for (const step of steps) {
    const { status, version, updatedBy, updatedAt, reviewedData, reviewedAt } = step;
    await tx
      .update(kycSteps)
      .set({ status, version, updatedBy, updatedAt, reviewedData, reviewedAt })
      .where(eq(kycSteps.id, step.id));
  }
  // Handed in, so its risk is known (issue 14).
  if (state.status !== 'DRAFT') await computeInsights(tx, kycId);
}

/**
 * Seeds the demo KYC files when the development identity provider runs: one per demo company
 * that has no submission yet. Idempotent, and safe when several processes start together.
 */
export async function seedDemoKyc(
  db: Db,
  store: DocumentStore,
  log: FastifyBaseLogger,
  obligedEntityName: string,
): Promise<string[]> {
  const entity = await ensureObligedEntity(db, obligedEntityName);
  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const people = await demoPeople(tx);
    if (!['owner', 'partner', 'employee', 'manager'].every((name) => people.has(name))) return [];
    const names: string[] = [];
    for (const file of demoFiles()) {
      const [partner] = await tx
        .select({ id: tradePartners.id, uuid: tradePartners.uuid, name: tradePartners.name })
        .from(tradePartners)
        .where(eq(tradePartners.cocNumber, file.cocNumber));
      if (!partner) continue;
      const [existing] = await tx
        .select({ id: kycSubmissions.id })
        .from(kycSubmissions)
        .where(eq(kycSubmissions.tradePartnerId, partner.id))
        .limit(1);
      if (existing) continue;
      await replay(tx, store, file, partner, entity.id, people);

      names.push(partner.name);
    }
    return names;
  });
  if (created.length) log.info({ companies: created }, 'demo KYC submissions created');
  return created;
}
