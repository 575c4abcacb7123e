import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { documents, type DocumentType } from '#server/db/schema/documents.js';

/** The customer's ACTIVE documents, as the KYC steps need them (decision 013). */
export function createStepDocumentRepository(db: Db) {
  const active = (tradePartnerId: number) =>
    and(eq(documents.tradePartnerId, tradePartnerId), eq(documents.status, 'ACTIVE'));

  return {
    /** The types the company has at least one ACTIVE document of. */
    async activeTypes(tradePartnerId: number): Promise<Set<DocumentType>> {
      const rows = await db
        .selectDistinct({ type: documents.type })
        .from(documents)
        .where(active(tradePartnerId));
      return new Set(rows.map((row) => row.type));
    },

    /** Those of `ids` that are ACTIVE ID documents of the company. */
    async activeIdDocuments(tradePartnerId: number, ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: documents.id })
        .from(documents)
        .where(
          and(
            active(tradePartnerId),
            eq(documents.type, 'ID_DOCUMENT'),
            inArray(documents.id, [...new Set(ids)]),
          ),
        );
      return new Set(rows.map((row) => row.id));
    },
  };
}
