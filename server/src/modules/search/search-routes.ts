import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchResultSchema, STATUS_BY_RESULT } from '#common/search.js';
import { requireUser } from '#server/plugins/auth.js';
import { searchQuerySchema } from './search-schemas.js';
import { createSearchService } from './search-service.js';

/** The company search (docs/api/partners.md, 'Company search'). */
const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const search = createSearchService(app.db);

  app.get(
    '/api/partners/search',
    {
      schema: {
        tags: ['trade partners'],
        summary: 'Find a trade partner by CoC number, VAT number and/or name, with match quality',
        description:
          'The status says the result type (200 exact, 206 partial or fuzzy, 300 ambiguous, ' +
          '404 not found, 409 conflicting data); the body is a SearchResult in each case.',
        querystring: searchQuerySchema,
        response: {
          200: searchResultSchema,
          206: searchResultSchema,
          300: searchResultSchema,
          404: searchResultSchema,
          409: searchResultSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await search.search(requireUser(request), request.query);
      return reply.code(STATUS_BY_RESULT[result.resultType]).send(result);
    },
  );
};

export default searchRoutes;
