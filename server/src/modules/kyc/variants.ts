import type { preValidationAsyncHookHandler } from 'fastify';
import { missingParameter } from '#server/api-parameters.js';
import type { KycRef } from './core/submissions-repository.js';
import {
  idParamsSchema,
  insightsIdParamsSchema,
  insightsUuidParamsSchema,
  stepIdParamsSchema,
  stepUuidParamsSchema,
  uuidParamsSchema,
} from './kyc-schemas.js';

/**
 * Every `/kyc/{id}` call also exists as `/kyc/uuid/{uuid}` (docs/api/kyc.md). Routes loop over
 * these two; the uuid variant's operation id ends in ByUuid.
 */
export const KYC_VARIANTS = [
  {
    base: '/api/kyc/:id',
    params: idParamsSchema,
    stepParams: stepIdParamsSchema,
    insightsParams: insightsIdParamsSchema,
    param: 'id',
    by: 'id',
    suffix: '',
  },
  {
    base: '/api/kyc/uuid/:uuid',
    params: uuidParamsSchema,
    stepParams: stepUuidParamsSchema,
    insightsParams: insightsUuidParamsSchema,
    param: 'uuid',
    by: 'uuid',
    suffix: 'ByUuid',
  },
] as const;

/** The submission a variant's path names. */
export const refOf = (params: { id: number } | { uuid: string }): KycRef =>
  'id' in params ? { id: params.id } : { uuid: params.uuid };

/** SPEC 5: create calls require the submission body. */
export function requireBody(operation: string, name: string): preValidationAsyncHookHandler {
  return async (request) => {
    if (request.body === undefined || request.body === null) {
      throw missingParameter(name, operation, 'body');
    }
  };
}
