import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { looksLikeCredential } from './log-redaction.js';

/** The header a request may name itself in, and every answer names its request in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An id a caller (a proxy, another service) may hand in: a short token of letters, digits and
 * `._:-`, nothing a log line or a header could be bent with, and nothing shaped like a secret,
 * which the log would cut out and so lose the id.
 */
const SAFE_ID = /^[A-Za-z0-9][\w.:-]{0,63}$/;

/**
 * The id of a request, in its error body and in each of its log lines (`reqId`): the caller's
 * own when it is safe, else a random UUID, unique across the server's processes (Fastify's
 * default counts from 1 in each process, so two servers would log the same ids).
 */
export function requestId(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_ID.test(given) && !looksLikeCredential(given)
    ? given
    : randomUUID();
}

/** Every answer names its request, so a support person can ask for the id and find its log. */
export default fp(
  async function requestIdHeader(app: FastifyInstance) {
    app.addHook('onRequest', async (request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id);
    });
  },
  { name: 'request-id' },
);
