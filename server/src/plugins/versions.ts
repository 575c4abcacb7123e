import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import {
  ifMatchHeadersSchema,
  readExpectedVersion,
  UNVERSIONED_CHANGES,
  VERSIONED_ROUTES,
} from '#server/versions.js';
import { COMMON_ERRORS } from './errors.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const methodsOf = (route: RouteOptions): string[] =>
  Array.isArray(route.method) ? route.method : [route.method];

const hooksOf = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * Decision 023 for every route of server/src/versions.ts's VERSIONED_ROUTES: the version is
 * read (428 without one) once the request is valid, before the handler; If-Match is documented,
 * 409 and 428 join the route's errors, and the answer's version goes out as its ETag. An API
 * route that writes and is in neither table stops the server from starting. Registered before
 * the errors plugin, which documents the errors this adds.
 */
export default fp(
  async function versions(app: FastifyInstance) {
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/')) return;
      const writes = methodsOf(route)
        .filter((method) => WRITES.has(method))
        .map((method) => `${method} ${route.url}`);
      const unlisted = writes.find(
        (key) => !(key in VERSIONED_ROUTES || key in UNVERSIONED_CHANGES),
      );
      if (unlisted) {
        throw new Error(
          `${unlisted} writes: list it in VERSIONED_ROUTES or UNVERSIONED_CHANGES (server/src/versions.ts)`,
        );
      }
      if (!writes.some((key) => key in VERSIONED_ROUTES)) return;

      const body = route.schema?.body;
      if (body instanceof z.ZodObject && !('version' in body.shape)) {
        throw new Error(`${route.url}: its body schema must offer versionField as \`version\``);
      }
      route.schema = { ...route.schema, headers: ifMatchHeadersSchema };
      const errors = route.config?.errors ?? COMMON_ERRORS;
      route.config = {
        ...route.config,
        errors: [...new Set([...errors, 409, 428] as const)],
      };
      route.preHandler = [
        async (request) => readExpectedVersion(request),
        ...hooksOf(route.preHandler),
      ];
      route.preSerialization = [
        ...hooksOf(route.preSerialization),
        async (_request, reply, payload: unknown) => {
          const version = (payload as { version?: unknown } | null)?.version;
          if (reply.statusCode < 300 && typeof version === 'number') {
            reply.header('etag', `"${version}"`);
          }
          return payload;
        },
      ];
    });
  },
  { name: 'versions' },
);
