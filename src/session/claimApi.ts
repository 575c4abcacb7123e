import { claimAnswerSchema, type ClaimAnswer } from '@common/selfservice-claim';
import { SELF_SERVICE_API, SELF_SERVICE_TOKEN_HEADER } from '@common/selfservice-link';
import { apiClient } from '@/lib/api-client';

/**
 * POST /api/kyc/selfservice/claim: the signed-in user (bearer) takes over the file of the link
 * whose token goes in the header, as a CONTACT of its company at the level the link's maker chose.
 */
export async function claimSelfServiceLink(token: string): Promise<ClaimAnswer> {
  const { data } = await apiClient.post<unknown>(`${SELF_SERVICE_API}/claim`, undefined, {
    headers: { [SELF_SERVICE_TOKEN_HEADER]: token },
    skipErrorNotice: true,
  });
  return claimAnswerSchema.parse(data);
}
