import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import { errorResponseSchema, type ErrorResponse, type FieldIssueDetail } from '#common/api.js';
import { AppError, TooManyRequestsError } from '#server/errors.js';
import { redactUrl } from './log-redaction.js';

// The error body is shared with the app; the routes' schemas take it from here.
export { errorResponseSchema };

/** The statuses a route may answer with the common error shape. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 428;

/** What an API route answers when it fails, unless its `config.errors` says otherwise. */
export const COMMON_ERRORS: readonly ErrorStatus[] = [400, 401, 403, 404];

/** The common errors, and a conflict with what is stored (409). */
export const CONFLICT_ERRORS: readonly ErrorStatus[] = [...COMMON_ERRORS, 409];

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The error statuses the route answers, each in the common error shape. The errors plugin
     * adds them to the route's response schema, which sends them and documents them in the
     * OpenAPI document. COMMON_ERRORS when not given.
     */
    errors?: readonly ErrorStatus[];
  }
}

/** The one error body, naming the request it answers (plugins/request-id.ts). */
export function errorBody(
  request: FastifyRequest,
  statusCode: number,
  message: string,
  details?: unknown,
): ErrorResponse {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...(details === undefined ? {} : { details }),
    requestId: request.id,
  };
}

/**
 * What the log keeps of an unexpected error: a failed query's SQL and the database's reason,
 * never its parameters, which hold what people typed (names, numbers, e-mail addresses).
 */
export function loggable(error: Error): Error | Record<string, unknown> {
  if (!(error instanceof DrizzleQueryError)) return error;
  const cause = error.cause as (Error & { code?: string }) | undefined;
  return {
    type: 'DrizzleQueryError',
    message: `Failed query: ${error.query}`,
    ...(cause ? { cause: { type: cause.name, message: cause.message, code: cause.code } } : {}),
  };
}

/** One JSON error shape for every route; a 5xx never shows internals. */
export default fp(
  async function errors(app: FastifyInstance) {
    // A route that describes its answers (the API's) answers its errors in this shape; what
    // the route describes itself for a status (a search result for 404) stays its own.
    app.addHook('onRoute', (route) => {
      const { schema } = route;
      if (!schema?.response) return;
      // Any API call may be refused for coming too often (decision 025), unless it is exempt.
      const limited = route.config?.limited === false ? [] : [429];
      const statuses = [...(route.config?.errors ?? COMMON_ERRORS), ...limited];
      schema.response = {
        ...Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])),
        ...(schema.response as Record<number, unknown>),
      };
    });

    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const details = error.validation.map((v): FieldIssueDetail => {
          const where = error.validationContext ?? 'request';
          const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
          return { field: field ? `${where}.${field}` : where, message: v.message ?? 'is invalid' };
        });
        const first = details[0];
        const message = first ? `${first.field}: ${first.message}` : 'The request is invalid.';
        return reply.status(400).send(errorBody(request, 400, message, details));
      }
      if (error instanceof TooManyRequestsError) {
        reply.header('retry-after', error.retryAfterSeconds);
      }
      if (error instanceof AppError) {
        return reply
          .status(error.statusCode)
          .send(errorBody(request, error.statusCode, error.message, error.details));
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.status(status).send(errorBody(request, status, error.message));
      }
      request.log.error({ err: loggable(error) }, 'request failed');
      return reply
        .status(500)
        .send(errorBody(request, 500, 'Something went wrong on our side. Please try again.'));
    });

    // The address is echoed as the log keeps it: a token in it is not sent back (issue 32).
    app.setNotFoundHandler((request, reply) => {
      const path = redactUrl(request.url.split('?')[0]!);
      reply.status(404).send(errorBody(request, 404, `No route for ${request.method} ${path}.`));
    });
  },
  { name: 'errors' },
);
