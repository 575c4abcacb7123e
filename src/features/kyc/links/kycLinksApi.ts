import { z } from 'zod';
import {
  createdLinkSchema,
  linkUseSchema,
  selfServiceLinkSchema,
  type CreatedLink,
  type LinkCreate,
  type LinkUse,
  type SelfServiceLink,
} from '@common/selfservice';
import { idPath } from '@/features/kyc/kycApi';
import { apiClient } from '@/lib/api-client';
import { required, seg } from '@/lib/api-params';

// A file's self-service links (issue 19, common/selfservice.ts): made, listed and revoked by
// staff or the company's OWNER/ADMIN, each with its access log.

const linkListSchema = z.array(selfServiceLinkSchema);
const useListSchema = z.array(linkUseSchema);

const linksPath = (kycId: number, call: string) => `${idPath(kycId, call)}/selfservice-links`;

const linkPath = (kycId: number, linkId: number, call: string) =>
  `${linksPath(kycId, call)}/${seg(required(linkId, 'linkId', call))}`;

/** POST /api/kyc/{id}/selfservice-links: a new link; its token and URL are in this answer only. */
export async function createKycLink(kycId: number, body: LinkCreate): Promise<CreatedLink> {
  required(body, 'body', 'createKycLink');
  // The dialog tells the user what went wrong, next to the field it concerns.
  const { data } = await apiClient.post<unknown>(linksPath(kycId, 'createKycLink'), body, {
    skipErrorNotice: true,
  });
  return createdLinkSchema.parse(data);
}

/** GET /api/kyc/{id}/selfservice-links: the file's links, newest first. */
export async function getKycLinks(kycId: number): Promise<SelfServiceLink[]> {
  const { data } = await apiClient.get<unknown>(linksPath(kycId, 'getKycLinks'));
  return linkListSchema.parse(data);
}

/** POST /api/kyc/{id}/selfservice-links/{linkId}/revoke: ends the link at once. */
export async function revokeKycLink(kycId: number, linkId: number): Promise<SelfServiceLink> {
  const { data } = await apiClient.post<unknown>(
    `${linkPath(kycId, linkId, 'revokeKycLink')}/revoke`,
    null,
    { skipErrorNotice: true },
  );
  return selfServiceLinkSchema.parse(data);
}

/** GET /api/kyc/{id}/selfservice-links/{linkId}/uses: the link's access log, newest first. */
export async function getKycLinkUses(kycId: number, linkId: number): Promise<LinkUse[]> {
  const { data } = await apiClient.get<unknown>(
    `${linkPath(kycId, linkId, 'getKycLinkUses')}/uses`,
  );
  return useListSchema.parse(data);
}
