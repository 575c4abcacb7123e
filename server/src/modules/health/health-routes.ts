import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthSchema = z.object({ status: z.literal('ok') });
const readySchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['postgres', 'pglite']),
});

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      config: { public: true, limited: false, errors: [] },
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers',
        security: [],
        response: { 200: healthSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/ready',
    {
      config: { public: true, limited: false, errors: [] },
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers and every migration is applied',
        security: [],
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (_request, reply) => {
      const ready = await app.database.ready();
      return reply
        .status(ready ? 200 : 503)
        .send({ status: ready ? 'ready' : 'unavailable', database: app.database.kind });
    },
  );
};

export default healthRoutes;
