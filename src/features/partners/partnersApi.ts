import { isAxiosError } from 'axios';
import { z } from 'zod';
import type { Page } from '@common/api';
import type { AccessLevel } from '@common/partner-access';
import type { ContactInput, InvitationBody } from '@common/partner-bodies';
import {
  contactSchema,
  invitationCreatedSchema,
  invitationSchema,
  memberSchema,
  tradePartnerPageSchema,
  type Contact,
  type Invitation,
  type InvitationCreated,
  type Member,
  type PartnerSort,
  type TradePartner,
} from '@common/partners';
import { searchResultSchema, STATUS_BY_RESULT, type SearchResult } from '@common/search';
import { apiClient } from '@/lib/api-client';
import { ifMatch } from '@/lib/api-params';

// The list, search, contact, member and invitation calls of docs/api/partners.md; the company
// and address calls belong to the trade partner feature (tradePartnerApi.ts).

export interface PartnerListQuery {
  search: string;
  /** Zero-based. */
  page: number;
  size: number;
  sort: PartnerSort;
}

/** GET /api/partners: staff see every partner, anyone else their own companies. */
export async function listPartners(query: PartnerListQuery): Promise<Page<TradePartner>> {
  const search = query.search.trim();
  const { data } = await apiClient.get<unknown>('/api/partners', {
    params: { ...(search ? { search } : {}), page: query.page, size: query.size, sort: query.sort },
  });
  return tradePartnerPageSchema.parse(data);
}

// --- Company search -------------------------------------------------------------------------

export interface CompanySearch {
  cocNumber: string;
  vatNumber: string;
  name: string;
  country: string;
}

// Not found (404) and conflicting data (409) are answers too: they carry the SearchResult.
const RESULT_IN_ERROR = new Set<number>(
  Object.values(STATUS_BY_RESULT).filter((status) => status >= 400),
);

/**
 * GET /api/partners/search. Resolves with the result whatever its HTTP status (200, 206, 300,
 * 404, 409); rejects for a refused input (400) and real failures.
 */
export async function searchCompanies(search: CompanySearch): Promise<SearchResult> {
  const params = Object.fromEntries(
    Object.entries(search)
      .map(([key, value]) => [key, value.trim()] as const)
      .filter(([, value]) => value !== ''),
  );
  try {
    // The screen tells the user about every outcome itself.
    const { data } = await apiClient.get<unknown>('/api/partners/search', {
      params,
      skipErrorNotice: true,
    });
    return searchResultSchema.parse(data);
  } catch (error) {
    if (isAxiosError(error) && RESULT_IN_ERROR.has(error.response?.status ?? 0)) {
      const result = searchResultSchema.safeParse(error.response?.data);
      if (result.success) return result.data;
    }
    throw error;
  }
}

// --- Addresses ------------------------------------------------------------------------------

const partnerPath = (uuid: string) => `/api/partners/uuid/${encodeURIComponent(uuid)}`;

/** DELETE /api/partners/uuid/{uuid}/addresses/{addressUuid}, on `version`. */
export async function deleteAddress(
  partnerUuid: string,
  addressUuid: string,
  version: number,
): Promise<void> {
  await apiClient.delete(
    `${partnerPath(partnerUuid)}/addresses/${encodeURIComponent(addressUuid)}`,
    ifMatch(version),
  );
}

// --- Contacts -------------------------------------------------------------------------------

/** POST /api/partners/uuid/{uuid}/contacts: an e-mail or a name is required. */
export async function createContact(partnerUuid: string, body: ContactInput): Promise<Contact> {
  const { data } = await apiClient.post<unknown>(`${partnerPath(partnerUuid)}/contacts`, body, {
    skipErrorNotice: true,
  });
  return contactSchema.parse(data);
}

/** PATCH /api/partners/uuid/{uuid}/contacts/{contactUuid}. */
export async function updateContact(
  partnerUuid: string,
  contactUuid: string,
  body: ContactInput,
  version: number,
): Promise<Contact> {
  const { data } = await apiClient.patch<unknown>(
    `${partnerPath(partnerUuid)}/contacts/${encodeURIComponent(contactUuid)}`,
    { ...body, version },
    { skipErrorNotice: true },
  );
  return contactSchema.parse(data);
}

/** DELETE /api/partners/uuid/{uuid}/contacts/{contactUuid}, on `version`. */
export async function deleteContact(
  partnerUuid: string,
  contactUuid: string,
  version: number,
): Promise<void> {
  await apiClient.delete(
    `${partnerPath(partnerUuid)}/contacts/${encodeURIComponent(contactUuid)}`,
    ifMatch(version),
  );
}

// --- Members and invitations ----------------------------------------------------------------

/** GET /api/partners/uuid/{uuid}/members. */
export async function listMembers(partnerUuid: string): Promise<Member[]> {
  const { data } = await apiClient.get<unknown>(`${partnerPath(partnerUuid)}/members`);
  return z.array(memberSchema).parse(data);
}

/** PATCH /api/partners/uuid/{uuid}/members/{userUuid}: a new access level. */
export async function updateMemberAccess(
  partnerUuid: string,
  userUuid: string,
  accessLevel: AccessLevel,
  version: number,
): Promise<Member> {
  const { data } = await apiClient.patch<unknown>(
    `${partnerPath(partnerUuid)}/members/${encodeURIComponent(userUuid)}`,
    { accessLevel, version },
    { skipErrorNotice: true },
  );
  return memberSchema.parse(data);
}

/** DELETE /api/partners/uuid/{uuid}/members/{userUuid}, on `version`. */
export async function removeMember(
  partnerUuid: string,
  userUuid: string,
  version: number,
): Promise<void> {
  await apiClient.delete(`${partnerPath(partnerUuid)}/members/${encodeURIComponent(userUuid)}`, {
    ...ifMatch(version),
    skipErrorNotice: true,
  });
}

/** GET /api/partners/uuid/{uuid}/invitations. */
export async function listInvitations(partnerUuid: string): Promise<Invitation[]> {
  const { data } = await apiClient.get<unknown>(`${partnerPath(partnerUuid)}/invitations`);
  return z.array(invitationSchema).parse(data);
}

/** POST /api/partners/uuid/{uuid}/invitations: the invitation, its link and whether it was mailed. */
export async function createInvitation(
  partnerUuid: string,
  body: InvitationBody,
): Promise<InvitationCreated> {
  const { data } = await apiClient.post<unknown>(`${partnerPath(partnerUuid)}/invitations`, body, {
    skipErrorNotice: true,
  });
  return invitationCreatedSchema.parse(data);
}

/** DELETE /api/partners/uuid/{uuid}/invitations/{invitationUuid}: revokes it. */
export async function revokeInvitation(partnerUuid: string, invitationUuid: string): Promise<void> {
  await apiClient.delete(
    `${partnerPath(partnerUuid)}/invitations/${encodeURIComponent(invitationUuid)}`,
  );
}
