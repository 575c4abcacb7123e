import { count } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { LIST_COUNT_CAP } from '#common/api.js';
import type { Db } from '#server/db/client.js';

/** How many rows a list matches, as far as it counts (decision 020). */
export interface CappedCount {
  total: number;
  /** More than `total` (LIST_COUNT_CAP) match: counting stopped there. */
  capped: boolean;
}

/** Counts the rows of `matching` (a select of any one column) up to LIST_COUNT_CAP. */
export async function countUpToCap(db: Db, matching: PgSelect): Promise<CappedCount> {
  const [row] = await db
    .select({ total: count() })
    .from(matching.limit(LIST_COUNT_CAP + 1).as('matching'));
  const found = row?.total ?? 0;
  return { total: Math.min(found, LIST_COUNT_CAP), capped: found > LIST_COUNT_CAP };
}
