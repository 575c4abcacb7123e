import { z } from 'zod';
import type { preValidationAsyncHookHandler } from 'fastify';
import { LIST_COUNT_CAP } from '#common/api.js';
import { dataException } from '#server/db/errors.js';
import { ValidationError } from '#server/errors.js';

type Location = 'params' | 'querystring' | 'body';

/**
 * The 400 SPEC section 5 words for a required parameter that is missing:
 * `Required parameter userId was null or undefined when calling uploadDocument.`
 */
export function missingParameter(name: string, operation: string, where: Location) {
  const message = `Required parameter ${name} was null or undefined when calling ${operation}.`;
  return new ValidationError(message, [{ field: `${where}.${name}`, message }]);
}

const absent = (value: unknown) => value === undefined || value === null || value === '';

/**
 * A hook that answers a missing required parameter in the SPEC's words, before the schema
 * would answer it in its own. Runs before validation, so malformed values still get the
 * schema's message.
 */
export function requireParameters(
  operation: string,
  names: { params?: string[]; querystring?: string[]; body?: string[] },
): preValidationAsyncHookHandler {
  return async (request) => {
    const params = (request.params ?? {}) as Record<string, unknown>;
    const query = (request.query ?? {}) as Record<string, unknown>;
    const body = (
      request.body !== null && typeof request.body === 'object' ? request.body : {}
    ) as Record<string, unknown>;
    for (const name of names.params ?? []) {
      if (absent(params[name])) throw missingParameter(name, operation, 'params');
    }
    for (const name of names.querystring ?? []) {
      if (absent(query[name])) throw missingParameter(name, operation, 'querystring');
    }
    for (const name of names.body ?? []) {
      if (absent(body[name])) throw missingParameter(name, operation, 'body');
    }
  };
}

/**
 * Pages go as deep as lists count (LIST_COUNT_CAP, issue 16): beyond it an offset would read
 * every row before it; a filter narrows the list instead.
 */
export function requirePageWithinCap({ page, size }: { page: number; size: number }): void {
  if (page * size < LIST_COUNT_CAP) return;
  const message = `must leave fewer than ${LIST_COUNT_CAP} rows before it: narrow the list with a filter`;
  throw new ValidationError(`querystring.page: ${message}`, [
    { field: 'querystring.page', message },
  ]);
}

/** Where a keyset page starts: the order it was read in, and its last row's sort key and id. */
export interface CursorPosition {
  key: string;
  id: number;
}

/**
 * A keyset page read with one row more than `size`: the rows to show, and where the next page
 * starts when rows follow (the last row shown's sort key and id).
 */
export function keysetPage<T extends CursorPosition>(
  rows: T[],
  size: number,
): { shown: T[]; last?: CursorPosition } {
  const shown = rows.slice(0, size);
  const last = rows.length > size ? shown.at(-1) : undefined;
  return { shown, ...(last ? { last: { key: last.key, id: last.id } } : {}) };
}

const cursorSchema = z.object({ order: z.string(), key: z.string(), id: z.number().int() });

/** An opaque cursor for the rows after `position` in `order` (decision 020). */
export const encodeCursor = (order: string, position: CursorPosition): string =>
  Buffer.from(JSON.stringify({ order, ...position })).toString('base64url');

/** 400 on querystring.cursor: not a cursor this list made for this order. */
function invalidCursor(): ValidationError {
  const message = 'must be the nextCursor of a page of this list in the same order';
  return new ValidationError(`querystring.cursor: ${message}`, [
    { field: 'querystring.cursor', message },
  ]);
}

/**
 * The position a cursor names, if it was made for `order`; a 400 on querystring.cursor for
 * anything else (a cursor of another order, or not a cursor at all).
 */
export function decodeCursor(cursor: string, order: string): CursorPosition {
  let decoded: z.infer<typeof cursorSchema> | undefined;
  try {
    decoded = cursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    decoded = undefined;
  }
  if (!decoded || decoded.order !== order) throw invalidCursor();
  return { key: decoded.key, id: decoded.id };
}

/**
 * Reads a page that starts after `after`: a cursor whose key the database cannot read as the
 * sort's type (made by hand, not by the list) is a 400 on querystring.cursor, not a failure.
 */
export async function readAfter<T>(
  after: CursorPosition | undefined,
  read: () => Promise<T>,
): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (after && dataException(error)) throw invalidCursor();
    throw error;
  }
}

/**
 * Where a page of a list in `order` starts: after the cursor's row when one is given (at any
 * depth), else at its offset, which must stay within the cap.
 */
export function pageStart(
  paging: { page: number; size: number; cursor?: string | undefined },
  order: string,
): CursorPosition | undefined {
  if (paging.cursor) return decodeCursor(paging.cursor, order);
  requirePageWithinCap(paging);
  return undefined;
}
