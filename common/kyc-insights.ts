/**
 * The insights of a KYC file (docs/api/kyc.md, types Finding and Insights): its risk, what is
 * missing and what the checks found. The server computes and answers them; the app shows them.
 */
import { z } from 'zod';
import { dateTimeSchema } from './api.js';
import { FINDING_SEVERITIES, KYC_STEP_TYPES, RISK_LEVELS } from './kyc.js';

const stepType = z.enum(KYC_STEP_TYPES);

export const findingSchema = z
  .object({
    code: z.string().describe('STEP_INCOMPLETE, COC_EXTRACT_OLD, VAT_FORMAT_INVALID, ...'),
    severity: z.enum(FINDING_SEVERITIES),
    stepType: stepType.nullable(),
    message: z.string().describe('English; the app translates by code with `params`'),
    params: z.record(z.string(), z.union([z.string(), z.number()])),
  })
  .meta({ id: 'KycFinding' });

export type Finding = z.infer<typeof findingSchema>;

export const completenessSchema = z.object({
  stepType,
  complete: z.boolean(),
  missing: z.array(z.string()).describe('field paths, like registered.postCode or people.0.role'),
});

export type StepCompleteness = z.infer<typeof completenessSchema>;

export const insightsSchema = z
  .object({
    kycId: z.number().int(),
    computedAt: dateTimeSchema,
    riskLevel: z.enum(RISK_LEVELS),
    summary: z.object({
      high: z.number().int(),
      medium: z.number().int(),
      low: z.number().int(),
      info: z.number().int(),
    }),
    completeness: z.array(completenessSchema).describe('the six steps, in order'),
    findings: z.array(findingSchema),
    acknowledgementNeeded: z
      .boolean()
      .describe(
        'approving the file needs a riskAcknowledgement: the risk is HIGH or findings are open',
      ),
    fingerprint: z
      .string()
      .describe(
        'SHA-256 of the risk level and the open findings: what an approver acknowledges; it ' +
          'changes when they do',
      ),
  })
  .meta({ id: 'KycInsights' });

export type Insights = z.infer<typeof insightsSchema>;
