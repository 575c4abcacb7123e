import { z } from 'zod';
import { uuidSchema } from '#server/api-schemas.js';

export const memberParamsSchema = z.object({ uuid: uuidSchema, userUuid: uuidSchema });
