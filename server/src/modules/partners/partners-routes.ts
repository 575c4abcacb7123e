import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staleVersionSchema } from '#common/api.js';
import {
  duplicateNumberSchema,
  tradePartnerPageSchema,
  tradePartnerSchema,
  userRoleSchema,
} from '#common/partners.js';
import { termsVersionConflictSchema } from '#common/terms.js';
import type { Config } from '#server/config.js';
import { expectedVersion } from '#server/versions.js';
import { requireUser } from '#server/plugins/auth.js';
import { CONFLICT_ERRORS, errorResponseSchema } from '#server/plugins/errors.js';
import addressRoutes from './addresses/addresses-routes.js';
import contactRoutes from './contacts/contacts-routes.js';
import invitationRoutes from './invitations/invitations-routes.js';
import memberRoutes from './members/members-routes.js';
import { partnerCreateSchema, partnerPatchSchema, termsSchema } from '#common/partner-bodies.js';
import {
  partnerIdParamsSchema,
  partnerListQuerySchema,
  partnerUuidParamsSchema,
} from './partners-schemas.js';
import { createPartnerService, type PartnerChangeListener } from './partners-service.js';

const tags = ['trade partners'];
/** Another company has the CoC or VAT number: the details name it. */
const duplicate = {
  409: errorResponseSchema
    .extend({ details: duplicateNumberSchema })
    .meta({ id: 'DuplicatePartnerNumberError' }),
};

/** A change: another company has the number, or someone else changed this one first. */
const changeConflict = {
  409: errorResponseSchema
    .extend({
      details: z.union([duplicateNumberSchema, staleVersionSchema(tradePartnerSchema)]),
    })
    .meta({ id: 'TradePartnerChangeConflict' }),
};

/** Terms: someone else changed the company first, or the version accepted is not in force. */
const termsConflict = {
  409: errorResponseSchema
    .extend({
      details: z.union([termsVersionConflictSchema, staleVersionSchema(tradePartnerSchema)]),
    })
    .meta({ id: 'TermsConflict' }),
};

/** Trade partners and, in their own files, their addresses, contacts, members and invitations. */
const partnerRoutes: FastifyPluginAsyncZod<{
  config: Config;
  /** Hears that a company's own data changed, once the change has committed. */
  onPartnerChange?: PartnerChangeListener;
}> = async (app, opts) => {
  const partners = createPartnerService(app.db, opts.onPartnerChange);

  app.get(
    '/api/partners',
    {
      config: { errors: [400, 401] },
      schema: {
        tags,
        summary: 'A page of trade partners: all for staff, your own for everyone else',
        querystring: partnerListQuerySchema,
        response: { 200: tradePartnerPageSchema },
      },
    },
    async (request) => partners.list(requireUser(request), request.query),
  );

  app.get(
    '/api/partners/user',
    {
      config: { errors: [401] },
      schema: {
        tags,
        summary: 'The trade partners you belong to, in the order you joined them',
        response: { 200: z.array(tradePartnerSchema) },
      },
    },
    async (request) => partners.listMine(requireUser(request)),
  );

  app.post(
    '/api/partners',
    {
      config: { errors: CONFLICT_ERRORS },
      schema: {
        tags,
        summary: 'Register a trade partner (trade partners and owners become its OWNER member)',
        body: partnerCreateSchema,
        response: { 201: tradePartnerSchema, ...duplicate },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await partners.create(requireUser(request), request.body)),
  );

  app.get(
    '/api/partners/:id',
    {
      schema: {
        tags,
        summary: 'One trade partner by id',
        params: partnerIdParamsSchema,
        response: { 200: tradePartnerSchema },
      },
    },
    async (request) => partners.get(requireUser(request), { id: request.params.id }),
  );

  app.get(
    '/api/partners/uuid/:uuid',
    {
      schema: {
        tags,
        summary: 'One trade partner by uuid',
        params: partnerUuidParamsSchema,
        response: { 200: tradePartnerSchema },
      },
    },
    async (request) => partners.get(requireUser(request), { uuid: request.params.uuid }),
  );

  app.patch(
    '/api/partners/:id',
    {
      config: { errors: CONFLICT_ERRORS },
      schema: {
        tags,
        summary: 'Change a trade partner by id (staff, OWNER, ADMIN, EDITOR)',
        params: partnerIdParamsSchema,
        body: partnerPatchSchema,
        response: { 200: tradePartnerSchema, ...changeConflict },
      },
    },
    async (request) =>
      partners.update(
        requireUser(request),
        { id: request.params.id },
        request.body,
        expectedVersion(request),
      ),
  );

  app.patch(
    '/api/partners/uuid/:uuid',
    {
      config: { errors: CONFLICT_ERRORS },
      schema: {
        tags,
        summary: 'Change a trade partner by uuid (staff, OWNER, ADMIN, EDITOR)',
        params: partnerUuidParamsSchema,
        body: partnerPatchSchema,
        response: { 200: tradePartnerSchema, ...changeConflict },
      },
    },
    async (request) =>
      partners.update(
        requireUser(request),
        { uuid: request.params.uuid },
        request.body,
        expectedVersion(request),
      ),
  );

  app.get(
    '/api/partners/:id/user-role',
    {
      schema: {
        tags,
        summary:
          'Your role and access level in a trade partner, by id (null for staff who are not members)',
        params: partnerIdParamsSchema,
        response: { 200: userRoleSchema },
      },
    },
    async (request) => partners.userRole(requireUser(request), { id: request.params.id }),
  );

  app.get(
    '/api/partners/uuid/:uuid/user-role',
    {
      schema: {
        tags,
        summary:
          'Your role and access level in a trade partner, by uuid (null for staff who are not members)',
        params: partnerUuidParamsSchema,
        response: { 200: userRoleSchema },
      },
    },
    async (request) => partners.userRole(requireUser(request), { uuid: request.params.uuid }),
  );

  app.patch(
    '/api/partners/:id/terms',
    {
      schema: {
        tags,
        summary:
          'Accept the terms in force (recording version, time and person) or withdraw the acceptance, by id (members with OWNER, ADMIN)',
        params: partnerIdParamsSchema,
        body: termsSchema,
        response: { 200: tradePartnerSchema, ...termsConflict },
      },
    },
    async (request) =>
      partners.setTerms(
        requireUser(request),
        { id: request.params.id },
        request.body,
        expectedVersion(request),
      ),
  );

  app.patch(
    '/api/partners/uuid/:uuid/terms',
    {
      schema: {
        tags,
        summary:
          'Accept the terms in force (recording version, time and person) or withdraw the acceptance, by uuid (members with OWNER, ADMIN)',
        params: partnerUuidParamsSchema,
        body: termsSchema,
        response: { 200: tradePartnerSchema, ...termsConflict },
      },
    },
    async (request) =>
      partners.setTerms(
        requireUser(request),
        { uuid: request.params.uuid },
        request.body,
        expectedVersion(request),
      ),
  );

  await app.register(addressRoutes, { onPartnerChange: opts.onPartnerChange });
  await app.register(contactRoutes);
  await app.register(memberRoutes);
  await app.register(invitationRoutes, { config: opts.config });
};

export default partnerRoutes;
