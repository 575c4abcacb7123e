import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import type { ErrorResponse } from '../../../common/api.js';
import { AppError } from '../errors.js';

// The error body is shared with the app; the routes' schemas take it from here.
export { errorResponseSchema } from '../../../common/api.js';

function body(statusCode: number, message: string, details?: unknown): ErrorResponse {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...(details === undefined ? {} : { details }),
  };
}

/** One JSON error shape for every route; a 5xx never shows internals. */
export default fp(
  async function errors(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const details = error.validation.map((v) => {
          const where = error.validationContext ?? 'request';
          const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
          return { field: field ? `${where}.${field}` : where, message: v.message ?? 'is invalid' };
        });
        const first = details[0];
        const message = first ? `${first.field}: ${first.message}` : 'The request is invalid.';
        return reply.status(400).send(body(400, message, details));
      }
      if (error instanceof AppError) {
        return reply.status(error.statusCode).send(body(error.statusCode, error.message, error.details));
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.status(status).send(body(status, error.message));
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(body(500, 'Something went wrong on our side. Please try again.'));
    });

    app.setNotFoundHandler((request, reply) => {
      reply.status(404).send(body(404, `No route for ${request.method} ${request.url.split('?')[0]}.`));
    });
  },
  { name: 'errors' },
);
