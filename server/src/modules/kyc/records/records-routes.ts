import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditEventSchema, commentSchema, statusRecordSchema } from '#common/kyc-responses.js';
import { requireUser } from '#server/plugins/auth.js';
import { expectedVersion } from '#server/versions.js';
import { requireParameters } from '#server/api-parameters.js';
import { commentInputSchema, statusChangeSchema } from '#common/kyc-bodies.js';
import { statusIdParamsSchema, tags } from '../kyc-schemas.js';
import type { StatusChanger } from '../core/ports.js';
import type { RecordsService } from './records-service.js';
import { KYC_VARIANTS, refOf } from '../variants.js';
import { CONFLICT_ERRORS } from '#server/plugins/errors.js';

/** A file's moves and status history, its comments and its audit trail. */
const recordRoutes: FastifyPluginAsyncZod<{
  status: StatusChanger;
  records: RecordsService;
}> = async (app, { status, records }) => {
  for (const variant of KYC_VARIANTS) {
    const params = variant.params;
    const by = `by ${variant.by}`;
    const required = { params: [variant.param] };

    app.get(
      `${variant.base}/comments`,
      {
        schema: {
          tags,
          summary: `The comments on a KYC submission, oldest first, ${by}`,
          operationId: `getKycComments${variant.suffix}`,
          params,
          response: { 200: z.array(commentSchema) },
        },
        preValidation: requireParameters(`getKycComments${variant.suffix}`, required),
      },
      async (request) => records.comments(requireUser(request), refOf(request.params)),
    );

    app.post(
      `${variant.base}/comments`,
      {
        schema: {
          tags,
          summary: `Comment on a KYC submission or one of its steps, ${by} (staff; partner editors)`,
          operationId: `addKycComment${variant.suffix}`,
          params,
          body: commentInputSchema,
          response: { 201: commentSchema },
        },
        preValidation: requireParameters(`addKycComment${variant.suffix}`, required),
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await records.addComment(requireUser(request), refOf(request.params), request.body),
          ),
    );

    app.get(
      `${variant.base}/status`,
      {
        schema: {
          tags,
          summary: `The status history of a KYC submission, oldest first, ${by}`,
          operationId: `getKycStatuses${variant.suffix}`,
          params,
          response: { 200: z.array(statusRecordSchema) },
        },
        preValidation: requireParameters(`getKycStatuses${variant.suffix}`, required),
      },
      async (request) => records.history(requireUser(request), refOf(request.params)),
    );

    const changeOperation = variant.by === 'id' ? 'createKycStatus' : 'createOrUpdateStatusByUuid';
    app.post(
      `${variant.base}/status`,
      {
        config: { errors: CONFLICT_ERRORS },
        schema: {
          tags,
          summary: `Move a KYC submission (decision 012), or comment with SUBMISSION_COMMENT, ${by}`,
          operationId: changeOperation,
          params,
          body: statusChangeSchema,
          response: { 201: statusRecordSchema },
        },
        preValidation: requireParameters(changeOperation, {
          ...required,
          body: ['status', 'userId'],
        }),
      },
      async (request, reply) =>
        reply.status(201).send(
          await status.changeStatus(requireUser(request), refOf(request.params), {
            ...request.body,
            version: expectedVersion(request),
          }),
        ),
    );

    app.get(
      `${variant.base}/audit`,
      {
        schema: {
          tags,
          summary: `The audit trail of a KYC submission, oldest first, ${by} (staff)`,
          operationId: `getKycAudit${variant.suffix}`,
          params,
          response: { 200: z.array(auditEventSchema) },
        },
        preValidation: requireParameters(`getKycAudit${variant.suffix}`, required),
      },
      async (request) => records.audit(requireUser(request), refOf(request.params)),
    );
  }

  app.get(
    '/api/kyc/:id/status/:statusId',
    {
      schema: {
        tags,
        summary: 'One entry of the status history of a KYC submission',
        operationId: 'getKycStatus',
        params: statusIdParamsSchema,
        response: { 200: statusRecordSchema },
      },
      preValidation: requireParameters('getKycStatus', { params: ['id', 'statusId'] }),
    },
    async (request) =>
      records.historyRecord(
        requireUser(request),
        { id: request.params.id },
        request.params.statusId,
      ),
  );
};

export default recordRoutes;
