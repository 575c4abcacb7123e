/**
 * Turning a self-service link into an account (decision 041): the levels a claim joins at, why
 * one is refused, and the answer. Kept apart from the link's other schemas (selfservice.ts):
 * the signed-in app's start-up claims a pending link, and should not carry them all.
 */
import { z } from 'zod';
import { GRANTABLE_ACCESS_LEVELS, type AccessLevel } from './partner-access.js';

/**
 * The access levels a claim may join a company at (decision 041): never OWNER, which is given
 * by invitation or by changing a member's level, as the company's own act.
 */
export const LINK_ACCESS_LEVELS = [
  'ADMIN',
  'EDITOR',
  'VIEWER',
] as const satisfies readonly AccessLevel[];
export type LinkAccessLevel = (typeof LINK_ACCESS_LEVELS)[number];

/**
 * Why a claim was refused (403), for the app to say it in the person's words: the signed-in
 * account's verified e-mail is not the link's recipient's; the link names no recipient; the
 * file was handed in; the link allows no account.
 */
export const CLAIM_REFUSALS = ['notRecipient', 'noRecipient', 'handedIn', 'notAllowed'] as const;
export type ClaimRefusal = (typeof CLAIM_REFUSALS)[number];

export const claimAnswerSchema = z
  .object({
    tradePartnerUuid: z.uuid(),
    kycId: z.number().int(),
    kycUuid: z.uuid(),
    accessLevel: z
      .enum(GRANTABLE_ACCESS_LEVELS)
      .describe("the level the account has now: the link's, or the one a member already had"),
  })
  .meta({ id: 'SelfServiceClaim' });

export type ClaimAnswer = z.infer<typeof claimAnswerSchema>;
