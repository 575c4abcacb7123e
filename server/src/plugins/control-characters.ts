import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ValidationError } from '#server/errors.js';

/**
 * The control characters no text of the API may hold: C0 but tab, line feed and carriage
 * return (which multi-line texts use), and DEL. PostgreSQL refuses NUL in text and jsonb, and
 * none of the others belongs in a name, an address, a comment or a search (decision 022).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const CONTROL_CHARACTER_MESSAGE = 'must not contain control characters';

/**
 * The path (`a.0.b`) of the first string or object key in `value` that holds a control
 * character; undefined when there is none. Walks with its own stack, so no nesting of a
 * request's JSON can exhaust the call stack.
 */
export function controlCharacterAt(value: unknown): string | undefined {
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value === 'string') {
      if (CONTROL_CHARACTER.test(next.value)) return next.path;
    } else if (Array.isArray(next.value)) {
      for (let index = next.value.length - 1; index >= 0; index -= 1) {
        pending.push({ value: next.value[index], path: join(next.path, index) });
      }
    } else if (next.value !== null && typeof next.value === 'object') {
      const entries = Object.entries(next.value);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, child] = entries[index]!;
        const path = join(next.path, key);
        if (CONTROL_CHARACTER.test(key)) return path;
        pending.push({ value: child, path });
      }
    }
  }
  return undefined;
}

const LOCATIONS = ['params', 'querystring', 'body'] as const;

const valueAt = (request: FastifyRequest, where: (typeof LOCATIONS)[number]): unknown =>
  where === 'querystring' ? request.query : request[where];

/**
 * Refuses a control character anywhere in an API request's path parameters, query or JSON
 * body with a 400 naming the field, before any route validates or stores it: one check at the
 * edge that no field, present or future, can be left without.
 */
export default fp(
  async function controlCharacters(app: FastifyInstance) {
    app.addHook('preValidation', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      for (const where of LOCATIONS) {
        const at = controlCharacterAt(valueAt(request, where));
        if (at === undefined) continue;
        const field = at ? `${where}.${at}` : where;
        throw new ValidationError(`${field}: ${CONTROL_CHARACTER_MESSAGE}`, [
          { field, message: CONTROL_CHARACTER_MESSAGE },
        ]);
      }
    });
  },
  { name: 'control-characters', dependencies: ['errors'] },
);
