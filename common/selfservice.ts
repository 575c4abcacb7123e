/**
 * Self-service KYC links (issue 19, decision 032): a company without an account fills in one
 * KYC file through a link. Staff or the company's OWNER/ADMIN make a link on a file that is with
 * the partner (DRAFT or CHANGES_REQUESTED); the token is shown once and only its SHA-256 is
 * stored. The public API takes the token in the `X-Self-Service-Token` header, never in its
 * paths, so that no request log or Referer carries it.
 */
import { z } from 'zod';
import { dateTimeSchema, versionSchema } from './api.js';
import { documentSchema } from './documents.js';
import { DOCUMENT_TYPES } from './documents.js';
import { commentSchema, kycStatusSchema, kycStepSchema, personSchema } from './kyc-responses.js';
import { LANGUAGES } from './languages.js';
import { LINK_ACCESS_LEVELS, type LinkAccessLevel } from './selfservice-claim.js';
import type { KycStatus } from './kyc.js';

export {
  PENDING_CLAIM_KEY,
  SELF_SERVICE_API,
  SELF_SERVICE_PATH,
  SELF_SERVICE_TOKEN_HEADER,
} from './selfservice-link.js';

export const LINK_DEFAULT_DAYS = 14;
export const LINK_MAX_DAYS = 30;

/** File statuses a link may be made on: the file is with the partner. */
export const LINK_FILE_STATUSES: readonly KycStatus[] = ['DRAFT', 'CHANGES_REQUESTED'];

/**
 * A link's state: active (may be used), submitted (the file was handed in, through it or in
 * any other way, since it was made, or is no longer with the company: it only shows the file's
 * status, decision 041), expired, revoked, claimed (its recipient made an account from it,
 * which ended it).
 */
export const LINK_STATES = ['active', 'submitted', 'expired', 'revoked', 'claimed'] as const;
export type LinkState = (typeof LINK_STATES)[number];

/** What a use of a link did, as its access log records it. */
export const LINK_ACTIONS = [
  'open',
  'save_data',
  'save_draft',
  'discard_draft',
  'upload',
  'retype_document',
  'archive_document',
  'restore_document',
  'submit',
  'claim',
] as const;
export type LinkAction = (typeof LINK_ACTIONS)[number];

/** The one answer to an unknown, expired, revoked or ended token: the same status and body. */
export const INVALID_LINK_MESSAGE =
  'This link is not valid any more. Ask the person who sent it for a new one.';

/** What a claim joins at unless the link's maker chose otherwise: enough to finish the file. */
export const LINK_DEFAULT_ACCESS_LEVEL: LinkAccessLevel = 'EDITOR';

export const linkCreateSchema = z
  .object({
    recipientEmail: z.email('must be an e-mail address').max(254).optional(),
    recipientName: z.string().trim().min(1).max(200).optional(),
    language: z.enum(LANGUAGES).default('en').describe('the language the page opens in'),
    expiresInDays: z
      .number()
      .int()
      .min(1)
      .max(LINK_MAX_DAYS)
      .default(LINK_DEFAULT_DAYS)
      .describe(`days until the link expires (${LINK_DEFAULT_DAYS} unless given)`),
    allowAccount: z
      .boolean()
      .optional()
      .describe(
        "the page offers 'Create an account to follow this file' to the recipient (their " +
          'verified e-mail must be recipientEmail); needs recipientEmail, and is true by ' +
          'default when one is given',
      ),
    accessLevel: z
      .enum(LINK_ACCESS_LEVELS)
      .default(LINK_DEFAULT_ACCESS_LEVEL)
      .describe(
        `the level an account made from the link joins the company at (${LINK_DEFAULT_ACCESS_LEVEL} ` +
          "unless given), never above the maker's own",
      ),
  })
  .superRefine((link, context) => {
    if (link.allowAccount === true && link.recipientEmail === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['allowAccount'],
        message: 'needs recipientEmail: only the recipient may make an account from a link',
      });
    }
  })
  .meta({ id: 'SelfServiceLinkCreate' });

export type LinkCreate = z.input<typeof linkCreateSchema>;

export const selfServiceLinkSchema = z
  .object({
    id: z.number().int().describe("the link's number, as 'via self-service link #N' names it"),
    uuid: z.uuid(),
    kycId: z.number().int(),
    kycUuid: z.uuid(),
    recipientEmail: z.string().nullable(),
    recipientName: z.string().nullable(),
    language: z.enum(LANGUAGES),
    allowAccount: z.boolean(),
    accessLevel: z.enum(LINK_ACCESS_LEVELS),
    state: z.enum(LINK_STATES),
    createdBy: personSchema.nullable(),
    createdAt: dateTimeSchema,
    expiresAt: dateTimeSchema,
    revokedAt: dateTimeSchema.nullable(),
    revokedBy: personSchema.nullable(),
    submittedAt: dateTimeSchema.nullable(),
    claimedAt: dateTimeSchema.nullable(),
    lastUsedAt: dateTimeSchema.nullable(),
    uses: z.number().int().describe('how many times it was used'),
  })
  .meta({ id: 'SelfServiceLink' });

export type SelfServiceLink = z.infer<typeof selfServiceLinkSchema>;

export const createdLinkSchema = selfServiceLinkSchema
  .extend({
    token: z.string().describe('shown once: only its SHA-256 is kept'),
    url: z.string().describe('the page the recipient opens'),
    mailed: z.boolean().describe('true: sent to recipientEmail through SMTP'),
  })
  .meta({ id: 'SelfServiceLinkCreated' });

export type CreatedLink = z.infer<typeof createdLinkSchema>;

export const linkUseSchema = z
  .object({
    id: z.number().int(),
    at: dateTimeSchema,
    address: z.string(),
    userAgent: z.string().nullable(),
    action: z.enum(LINK_ACTIONS),
  })
  .meta({ id: 'SelfServiceLinkUse' });

export type LinkUse = z.infer<typeof linkUseSchema>;

export const tokenBodySchema = z.object({ token: z.string().min(1).max(200) });

/**
 * A step as the link's holder reads it: the signed-in partner's step (the reviewer's request,
 * the latest comment if shared) and the shared comments on it, as the partner's comment list
 * has them (issue 31). Never an internal comment (decision 017).
 */
export const selfServiceStepSchema = kycStepSchema
  .extend({
    comments: z
      .array(commentSchema)
      .describe("the shared comments on the step, oldest first (the request's among them)"),
  })
  .meta({ id: 'SelfServiceStep' });

export type SelfServiceStep = z.infer<typeof selfServiceStepSchema>;

/** What the public page shows of its file: one file of one company, nothing else. */
export const selfServiceFileSchema = z
  .object({
    link: z.object({
      id: z.number().int(),
      state: z.enum(['active', 'submitted']),
      expiresAt: dateTimeSchema,
      language: z.enum(LANGUAGES),
      recipientName: z.string().nullable(),
      allowAccount: z
        .boolean()
        .describe(
          "the page offers 'Create an account' (the link allows one and may still be claimed)",
        ),
    }),
    file: z.object({
      uuid: z.uuid(),
      status: kycStatusSchema,
      version: versionSchema,
      submittedAt: dateTimeSchema.nullable(),
    }),
    company: z.object({ name: z.string(), countryOfRegistration: z.string().nullable() }),
    provider: z.object({ name: z.string() }),
    steps: z
      .array(selfServiceStepSchema)
      .describe('the data steps, in order (empty once submitted)'),
  })
  .meta({ id: 'SelfServiceFile' });

export type SelfServiceFile = z.infer<typeof selfServiceFileSchema>;

export const selfServiceSubmitSchema = z.object({ version: versionSchema.optional() });

export const selfServiceDocumentTypeSchema = z.object({ type: z.enum(DOCUMENT_TYPES) });

export const selfServiceDocumentStatusSchema = z.object({ status: z.enum(['ACTIVE', 'ARCHIVED']) });

export const selfServiceDocumentsSchema = z.array(documentSchema);
