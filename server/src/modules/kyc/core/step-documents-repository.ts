import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { documents, type DocumentType } from '#server/db/schema/documents.js';

/** Adds `value` to the set kept under `key`. */
function addTo<T>(sets: Map<number, Set<T>>, key: number | null, value: T) {
  // Never null here: the queries ask for these companies' documents.
  if (key !== null) sets.set(key, (sets.get(key) ?? new Set<T>()).add(value));
}

/**
 * The customers' ACTIVE documents, as the KYC steps need them (decision 013): the company's own,
 * never an order's or a shipment's paper, which is not the file's evidence and is read and
 * changed under the order's rule (decision 035).
 */
export function createStepDocumentRepository(db: Db) {
  const activeOf = (tradePartnerIds: readonly number[]) =>
    and(
      inArray(documents.tradePartnerId, [...new Set(tradePartnerIds)]),
      eq(documents.status, 'ACTIVE'),
      isNull(documents.orderId),
      isNull(documents.shipmentId),
    );

  /** Each company's types with at least one ACTIVE document, in one query (a list's page). */
  async function activeTypesOf(
    tradePartnerIds: readonly number[],
  ): Promise<Map<number, Set<DocumentType>>> {
    const byCompany = new Map<number, Set<DocumentType>>();
    if (tradePartnerIds.length === 0) return byCompany;
    const rows = await db
      .selectDistinct({ tradePartnerId: documents.tradePartnerId, type: documents.type })
      .from(documents)
      .where(activeOf(tradePartnerIds));
    for (const row of rows) addTo(byCompany, row.tradePartnerId, row.type);
    return byCompany;
  }

  /** Those of `ids` that are ACTIVE ID documents, by company, in one query (a list's page). */
  async function activeIdDocumentsOf(
    tradePartnerIds: readonly number[],
    ids: readonly number[],
  ): Promise<Map<number, Set<number>>> {
    const byCompany = new Map<number, Set<number>>();
    if (tradePartnerIds.length === 0 || ids.length === 0) return byCompany;
    const rows = await db
      .select({ tradePartnerId: documents.tradePartnerId, id: documents.id })
      .from(documents)
      .where(
        and(
          activeOf(tradePartnerIds),
          eq(documents.type, 'ID_DOCUMENT'),
          inArray(documents.id, [...new Set(ids)]),
        ),
      );
    for (const row of rows) addTo(byCompany, row.tradePartnerId, row.id);
    return byCompany;
  }

  return {
    activeTypesOf,
    activeIdDocumentsOf,

    /** Those of `ids` that are ACTIVE ID documents of the company. */
    async activeIdDocuments(tradePartnerId: number, ids: readonly number[]): Promise<Set<number>> {
      return (await activeIdDocumentsOf([tradePartnerId], ids)).get(tradePartnerId) ?? new Set();
    },
  };
}
