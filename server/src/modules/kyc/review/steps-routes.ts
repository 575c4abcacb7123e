import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { kycStepChangeSchema, kycStepSchema } from '#common/kyc-responses.js';
import { requireUser } from '#server/plugins/auth.js';
import { expectedVersion } from '#server/versions.js';
import { requireParameters } from '#server/api-parameters.js';
import {
  insightsStepStatusSchema,
  requestWithdrawalSchema,
  stepCreateSchema,
  stepStatusChangeSchema,
} from '#common/kyc-bodies.js';
import { cacheBustingSchema, tags, userIdQuerySchema } from '../kyc-schemas.js';
import type { createStepService } from './steps-service.js';
import { KYC_VARIANTS, refOf } from '../variants.js';
import { CONFLICT_ERRORS } from '#server/plugins/errors.js';

/** The six steps of a file: reading, creating a missing one, and the reviewers' decisions. */
const stepRoutes: FastifyPluginAsyncZod<{
  steps: ReturnType<typeof createStepService>;
}> = async (app, { steps }) => {
  for (const variant of KYC_VARIANTS) {
    const { suffix, param } = variant;
    const by = `by ${variant.by}`;

    app.get(
      `${variant.base}/steps`,
      {
        schema: {
          tags,
          summary: `The steps of a KYC submission, in order, ${by}`,
          operationId: `getKycSteps${suffix}`,
          params: variant.params,
          querystring: cacheBustingSchema,
          response: { 200: z.array(kycStepSchema) },
        },
        preValidation: requireParameters(`getKycSteps${suffix}`, { params: [param] }),
      },
      async (request) => steps.list(requireUser(request), refOf(request.params)),
    );

    app.get(
      `${variant.base}/steps/:stepType`,
      {
        schema: {
          tags,
          summary: `One step of a KYC submission, ${by} (404 when it has none of this type)`,
          operationId: `getKycStep${suffix}`,
          params: variant.stepParams,
          querystring: cacheBustingSchema,
          response: { 200: kycStepSchema },
        },
        preValidation: requireParameters(`getKycStep${suffix}`, {
          params: [param, 'stepType'],
        }),
      },
      async (request) =>
        steps.get(requireUser(request), refOf(request.params), request.params.stepType),
    );

    app.post(
      `${variant.base}/steps/:stepType`,
      {
        schema: {
          tags,
          summary: `Create a missing step (201), or get the existing one (200), ${by}`,
          operationId: `createKycStep${suffix}`,
          params: variant.stepParams,
          querystring: userIdQuerySchema,
          body: stepCreateSchema,
          response: { 200: kycStepSchema, 201: kycStepSchema },
        },
        preValidation: requireParameters(`createKycStep${suffix}`, {
          params: [param, 'stepType'],
          querystring: ['userId'],
        }),
      },
      async (request, reply) => {
        const { created, step } = await steps.create(
          requireUser(request),
          refOf(request.params),
          request.params.stepType,
          request.query.userId,
          request.body?.status,
        );
        return reply.status(created ? 201 : 200).send(step);
      },
    );

    app.post(
      `${variant.base}/steps/:stepType/status`,
      {
        config: { errors: CONFLICT_ERRORS },
        schema: {
          tags,
          summary: `Change a step's status (decision 012; COMPLETED/COMPLETE to complete it), ${by}`,
          operationId: `updateKycStepStatus${suffix}`,
          params: variant.stepParams,
          querystring: userIdQuerySchema,
          body: stepStatusChangeSchema,
          response: { 200: kycStepChangeSchema },
        },
        preValidation: requireParameters(`updateKycStepStatus${suffix}`, {
          params: [param, 'stepType'],
          querystring: ['userId'],
          body: ['status'],
        }),
      },
      async (request) =>
        steps.changeStatus(
          requireUser(request),
          refOf(request.params),
          { stepType: request.params.stepType },
          request.query.userId,
          { ...request.body, version: expectedVersion(request) },
        ),
    );

    app.post(
      `${variant.base}/steps/:stepType/request/withdraw`,
      {
        config: { errors: CONFLICT_ERRORS },
        schema: {
          tags,
          summary: `Withdraw a reviewer's open request on a step, with a comment (staff), ${by}`,
          description:
            'The partner need not answer it any more and the step may be decided again: a step ' +
            'sent back becomes IN_PROGRESS, a rejected one stays REJECTED. 409 when the step has ' +
            'no open request or the file is not in review or back with the partner.',
          operationId: `withdrawKycStepRequest${suffix}`,
          params: variant.stepParams,
          querystring: userIdQuerySchema,
          body: requestWithdrawalSchema,
          response: { 200: kycStepSchema },
        },
        preValidation: requireParameters(`withdrawKycStepRequest${suffix}`, {
          params: [param, 'stepType'],
          querystring: ['userId'],
          body: ['comment'],
        }),
      },
      async (request) =>
        steps.withdrawRequest(
          requireUser(request),
          refOf(request.params),
          request.params.stepType,
          request.query.userId,
          { ...request.body, version: expectedVersion(request) },
        ),
    );

    app.put(
      `${variant.base}/steps/insights/:stepUuid/status`,

      {
        config: { errors: CONFLICT_ERRORS },
        schema: {
          tags,
          summary: `Change the insights step's status, by its uuid (rules as for any step), ${by}`,
          operationId: `updateInsightsStepStatus${suffix}`,
          params: variant.insightsParams,
          body: insightsStepStatusSchema,
          response: { 200: kycStepChangeSchema },
        },
        preValidation: requireParameters(`updateInsightsStepStatus${suffix}`, {
          params: [param, 'stepUuid'],
          body: ['status', 'userId'],
        }),
      },
      async (request) => {
        const { userId, ...change } = request.body;
        return steps.changeStatus(
          requireUser(request),
          refOf(request.params),
          { insightsStepUuid: request.params.stepUuid },
          userId,
          { ...change, version: expectedVersion(request) },
        );
      },
    );
  }
};

export default stepRoutes;
