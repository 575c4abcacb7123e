import { and, asc, eq, sql } from 'drizzle-orm';
import type { KycStepType, RiskLevel } from '#common/kyc.js';
import type { Insights } from '#common/kyc-insights.js';
import type { Db } from '#server/db/client.js';
import { documents } from '#server/db/schema/documents.js';
import { kycAuditEvents, kycInsights, kycSteps, kycSubmissions } from '#server/db/schema/kyc.js';
import { addresses, tradePartners } from '#server/db/schema/partners.js';
import { createStepDocumentRepository } from '../step-documents-repository.js';
import type { Data } from './fields.js';
import type { SnapshotWithoutSearch } from './snapshot.js';

export interface LoadedSubmission {
  snapshot: SnapshotWithoutSearch;
  riskLevel: RiskLevel | null;
}

/** The rows the insights read, and what they write back: the insights and the risk level. */
export function createInsightsRepository(db: Db) {
  return {
    async findIdByUuid(uuid: string): Promise<number | undefined> {
      const [row] = await db
        .select({ id: kycSubmissions.id })
        .from(kycSubmissions)
        .where(eq(kycSubmissions.uuid, uuid));
      return row?.id;
    },

    /** The submission's customer, steps and documents; undefined when there is no such file. */
    async load(kycId: number): Promise<LoadedSubmission | undefined> {
      const [row] = await db
        .select({
          riskLevel: kycSubmissions.riskLevel,
          partner: {
            id: tradePartners.id,
            uuid: tradePartners.uuid,
            name: tradePartners.name,
            cocNumber: tradePartners.cocNumber,
            vatNumber: tradePartners.vatNumber,
            country: tradePartners.country,
          },
        })
        .from(kycSubmissions)
        .innerJoin(tradePartners, eq(tradePartners.id, kycSubmissions.tradePartnerId))
        .where(eq(kycSubmissions.id, kycId));
      if (!row) return undefined;

      const [firstAddress, steps, documentTypes, removed] = await Promise.all([
        db
          .select({
            street: addresses.street,
            houseNumber: addresses.houseNumber,
            postCode: addresses.postCode,
            city: addresses.city,
            country: addresses.country,
          })
          .from(addresses)
          .where(eq(addresses.tradePartnerId, row.partner.id))
          .orderBy(asc(addresses.position), asc(addresses.id))
          .limit(1),
        db
          .select({ stepType: kycSteps.stepType, data: kycSteps.data })
          .from(kycSteps)
          .where(eq(kycSteps.kycId, kycId)),
        // The company's own evidence, as the steps' readiness counts it (decision 035).
        createStepDocumentRepository(db).activeTypesOf([row.partner.id]),
        db
          .selectDistinct({
            documentId: documents.id,
            fileName: documents.fileName,
            type: documents.type,
          })
          .from(kycAuditEvents)
          .innerJoin(documents, eq(documents.id, kycAuditEvents.entityId))
          .where(
            and(
              eq(kycAuditEvents.kycId, kycId),
              eq(kycAuditEvents.action, 'document_archived'),
              sql`${kycAuditEvents.details}->>'fileStatus' = 'APPROVED'`,
              eq(documents.status, 'ARCHIVED'),
            ),
          )
          .orderBy(asc(documents.id)),
      ]);

      const stepData: Partial<Record<KycStepType, Data>> = {};
      for (const step of steps) stepData[step.stepType] = step.data ?? {};
      return {
        riskLevel: row.riskLevel,
        snapshot: {
          kycId,
          partner: { ...row.partner, firstAddress: firstAddress[0] ?? null },
          steps: stepData,
          activeDocumentTypes: [...(documentTypes.get(row.partner.id) ?? [])],
          evidenceRemoved: removed,
        },
      };
    },

    /**
     * Takes the file's row lock (as a status change does) for the rest of the transaction, so
     * that insights computed after it read what every earlier change committed, and the last
     * computation is the one stored. False when there is no such file.
     */
    async lockSubmission(kycId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: kycSubmissions.id })
        .from(kycSubmissions)
        .where(eq(kycSubmissions.id, kycId))
        .for('no key update');
      return row !== undefined;
    },

    /** Keeps the insights, and their risk level on the submission for the lists. */
    async store(insights: Insights): Promise<void> {
      const { kycId, ...rest } = insights;
      const values = {
        riskLevel: insights.riskLevel,
        insights: rest as Record<string, unknown>,
        computedAt: new Date(insights.computedAt),
      };
      await db
        .insert(kycInsights)
        .values({ kycId, ...values })
        .onConflictDoUpdate({ target: kycInsights.kycId, set: values });
      await this.setRiskLevel(kycId, insights.riskLevel);
    },

    /**
     * Stores the risk level when it changed. A derived value: the version and updatedAt stay, so
     * that computing insights never makes someone else's edit conflict.
     */
    async setRiskLevel(kycId: number, riskLevel: RiskLevel): Promise<void> {
      await db
        .update(kycSubmissions)
        .set({ riskLevel })
        .where(
          and(
            eq(kycSubmissions.id, kycId),
            sql`${kycSubmissions.riskLevel} is distinct from ${riskLevel}`,
          ),
        );
    },
  };
}
