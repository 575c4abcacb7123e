import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/** A table of records people edit together (decision 023): each row has an id and a version. */
type VersionedTable = PgTable & { id: PgColumn; version: PgColumn; updatedAt: PgColumn };

/**
 * Changes the row `id` if it is still at `version`, bumping the version and the time of the
 * change; undefined when someone else changed it first (compare-and-set, decision 023).
 */
export async function updateAtVersion<T extends VersionedTable>(
  db: Db,
  table: T,
  id: number,
  version: number,
  values: PgUpdateSetSource<T>,
): Promise<T['$inferSelect'] | undefined> {
  const change = { ...values, version: sql`${table.version} + 1`, updatedAt: new Date() };
  const [row] = (await db
    .update(table)
    .set(change as PgUpdateSetSource<T>)
    .where(and(eq(table.id, id), eq(table.version, version)))
    .returning()) as T['$inferSelect'][];
  return row;
}
