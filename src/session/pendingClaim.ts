import { CLAIM_REFUSALS, type ClaimAnswer, type ClaimRefusal } from '@common/selfservice-claim';
import { PENDING_CLAIM_KEY } from '@common/selfservice-link';
import { createAppAsyncThunk } from '@/store/hooks';
import { toApiError } from '@/lib/api-error';
import { notify } from '@/notifications/notificationsSlice';
import { claimSelfServiceLink } from '@/session/claimApi';

/** The token a self-service link's holder left in this tab before signing up, taken out. */
function takePendingClaim(): string | null {
  try {
    const token = window.sessionStorage.getItem(PENDING_CLAIM_KEY);
    window.sessionStorage.removeItem(PENDING_CLAIM_KEY);
    return token;
  } catch {
    return null;
  }
}

/** Why the server refused the claim (403), when it said one the app words. */
function refusalOf(details: unknown): ClaimRefusal | undefined {
  const reason = (details as { reason?: unknown } | undefined)?.reason;
  return CLAIM_REFUSALS.find((known) => known === reason);
}

/**
 * Start-up, once the user record exists: a person who signed up from a self-service link's
 * confirmation takes over its file (and so has a company before onboarding asks for one).
 * The token is used once, whatever the answer. Resolves with the claim, or null.
 */
export const claimPendingLink = createAppAsyncThunk(
  'auth/claimPendingLink',
  async (_arg, { dispatch }): Promise<ClaimAnswer | null> => {
    const token = takePendingClaim();
    if (!token) return null;
    try {
      return await claimSelfServiceLink(token);
    } catch (error) {
      const { status, details } = toApiError(error);
      console.warn(`The self-service link could not be claimed (HTTP ${status}).`);
      const refusal = status === 403 ? refusalOf(details) : undefined;
      if (status === 404) {
        dispatch(notify.warning('selfService.claim.invalidTitle', 'selfService.claim.invalid'));
      } else if (refusal) {
        dispatch(
          notify.warning('selfService.claim.refusedTitle', `selfService.claim.refused.${refusal}`),
        );
      }
      return null;
    }
  },
);
