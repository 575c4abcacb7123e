import { z } from 'zod';
import { stepTypeSchema } from '#common/kyc-responses.js';
import { positiveIdSchema } from '#server/api-schemas.js';
import { idParamsSchema, uuidParamsSchema } from '../kyc-schemas.js';

/** A step of the link's file: the file is the link's, so the path names the step only. */
export const stepParamsSchema = z.object({ stepType: stepTypeSchema });

/** One link of a file, by the file's id or uuid and the link's number. */
export const linkIdParamsSchema = idParamsSchema.extend({ linkId: positiveIdSchema });
export const linkUuidParamsSchema = uuidParamsSchema.extend({ linkId: positiveIdSchema });
