import { LIST_COUNT_CAP } from '#common/api.js';
import { z } from 'zod';
import { uuidSchema } from '#common/request-fields.js';
import type { CappedCount } from '#server/db/capped-count.js';

/**
 * Path parameters (docs/api/partners.md): an id is a positive integer, a uuid is 8-4-4-4-12 hex
 * digits in any case (SPEC section 5). Anything else is 400, never a lookup.
 */
export const positiveIdSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/, 'must be a positive integer')
  .transform(Number)
  .describe('numeric id');

// Bodies name records by uuid too, so the rule lives with the body fields the app shares.
export { uuidSchema };

/**
 * One path segment that takes an id or a uuid (SPEC 3): a hyphen or 36 characters make it a
 * uuid, a positive integer an id; anything else is 400.
 */
export const idOrUuidSchema = z
  .string()
  .transform((value, ctx): { id: number } | { uuid: string } => {
    if (value.includes('-') || value.length === 36) {
      const parsed = uuidSchema.safeParse(value);
      if (parsed.success) return { uuid: parsed.data };
      ctx.issues.push({ code: 'custom', message: 'must be a UUID', input: value });
      return z.NEVER;
    }
    const parsed = positiveIdSchema.safeParse(value);
    if (parsed.success) return { id: parsed.data };
    ctx.issues.push({
      code: 'custom',
      message: 'must be a positive integer or a UUID',
      input: value,
    });
    return z.NEVER;
  });

export const idParamsSchema = z.object({ id: positiveIdSchema });
export const uuidParamsSchema = z.object({ uuid: uuidSchema });

/** A timestamp as the API answers it (common/api.ts dateTimeSchema). */
export const toIso = (value: Date): string => value.toISOString();
export const toIsoOrNull = (value: Date | null): string | null =>
  value ? value.toISOString() : null;

/**
 * A page as the API answers it (common/api.ts pageSchema), 'more than' when counting stopped.
 * `totalPages` counts the pages `page` may ask for: those that leave fewer than LIST_COUNT_CAP
 * rows before them, however many match (decision 020).
 */
export function toPage<T>(
  content: T[],
  paging: { page: number; size: number },
  { total, capped }: CappedCount,
  nextCursor?: string,
) {
  return {
    content,
    page: paging.page,
    size: paging.size,
    totalElements: total,
    totalPages: Math.min(Math.ceil(total / paging.size), Math.ceil(LIST_COUNT_CAP / paging.size)),
    ...(capped ? { totalCapped: true } : {}),
    ...(nextCursor ? { nextCursor } : {}),
  };
}
