import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countrySchema } from '#common/countries.js';
import { countriesQuerySchema } from './countries-schemas.js';
import { listCountries } from './countries-service.js';

const countryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/utils/countries',
    {
      // Reference data, also for the public self-service KYC form: no token needed.
      config: { public: true, errors: [400] },
      schema: {
        tags: ['utils'],
        security: [],
        summary: 'Every ISO 3166-1 alpha-2 country, named and sorted in the given language',
        querystring: countriesQuerySchema,
        response: { 200: z.array(countrySchema) },
      },
    },
    async (request) => listCountries(request.query.lang),
  );
};

export default countryRoutes;
