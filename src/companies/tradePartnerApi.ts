import { z } from 'zod';
import type {
  AddressBody,
  CreateTradePartnerBody,
  TermsBody,
  TradePartnerBody,
} from '@common/partner-bodies';
import {
  addressSchema,
  tradePartnerSchema,
  type Address,
  type TradePartner,
} from '@common/partners';
import { termsDocumentPath, termsDocumentSchema, type TermsDocument } from '@common/terms';
import { apiClient } from '@/lib/api-client';
import { required, seg } from '@/lib/api-params';
import { cachedGet } from '@/lib/cached-get';

// The trade partner, address and terms calls of docs/api/partners.md (SPEC section 7,
// 'Users and partners'): one typed function per endpoint.

const partnerListSchema = z.array(tradePartnerSchema);

// --- The user's partners ------------------------------------------------------------------

/** GET /api/users/uuid/{uuid}/trade-partners: the preferred way to list a user's partners. */
export async function getUserTradePartnersByUuid(userUuid: string): Promise<TradePartner[]> {
  required(userUuid, 'userUuid', 'getUserTradePartnersByUuid');
  return cachedGet(
    'tradePartner',
    `/api/users/uuid/${seg(userUuid)}/trade-partners`,
    partnerListSchema,
  );
}

/** GET /api/users/{id}/trade-partners: the fallback when the uuid call fails. */
export async function getUserTradePartnersById(userId: number): Promise<TradePartner[]> {
  required(userId, 'userId', 'getUserTradePartnersById');
  return cachedGet('tradePartner', `/api/users/${seg(userId)}/trade-partners`, partnerListSchema);
}

/** GET /api/partners/user: the current user's partners, when no user uuid is known. */
export async function getCurrentUserTradePartners(): Promise<TradePartner[]> {
  return cachedGet('tradePartner', '/api/partners/user', partnerListSchema);
}

// --- One partner --------------------------------------------------------------------------

/** GET /api/partners/{id} */
export async function getTradePartnerById(id: number): Promise<TradePartner> {
  required(id, 'id', 'getTradePartnerById');
  return cachedGet('partnerData', `/api/partners/${seg(id)}`, tradePartnerSchema);
}

/** GET /api/partners/uuid/{uuid} */
export async function getTradePartnerByUuid(uuid: string): Promise<TradePartner> {
  required(uuid, 'uuid', 'getTradePartnerByUuid');
  return cachedGet('partnerData', `/api/partners/uuid/${seg(uuid)}`, tradePartnerSchema);
}

/** POST /api/partners: a new partner (with its first address); a non-staff creator becomes OWNER. */
export async function createTradePartner(body: CreateTradePartnerBody): Promise<TradePartner> {
  required(body, 'body', 'createTradePartner');
  const { data } = await apiClient.post<unknown>('/api/partners', body);
  return tradePartnerSchema.parse(data);
}

/** PATCH /api/partners/uuid/{uuid}: changes the company fields given, on `version`. */
export async function updateTradePartner(
  uuid: string,
  body: TradePartnerBody,
  version: number,
): Promise<TradePartner> {
  required(uuid, 'uuid', 'updateTradePartner');
  required(body, 'body', 'updateTradePartner');
  const { data } = await apiClient.patch<unknown>(`/api/partners/uuid/${seg(uuid)}`, {
    ...body,
    version,
  });
  return tradePartnerSchema.parse(data);
}

// --- Addresses ----------------------------------------------------------------------------

/** POST /api/partners/uuid/{uuid}/addresses: a new address, placed last. */
export async function addAddress(partnerUuid: string, body: AddressBody): Promise<Address> {
  required(partnerUuid, 'partnerUuid', 'addAddress');
  required(body, 'body', 'addAddress');
  const { data } = await apiClient.post<unknown>(
    `/api/partners/uuid/${seg(partnerUuid)}/addresses`,
    body,
  );
  return addressSchema.parse(data);
}

/** PATCH /api/partners/uuid/{uuid}/addresses/{addressUuid}: changes the fields given. */
export async function updateAddress(
  partnerUuid: string,
  addressUuid: string,
  body: Partial<AddressBody>,
  version: number,
): Promise<Address> {
  required(partnerUuid, 'partnerUuid', 'updateAddress');
  required(addressUuid, 'addressUuid', 'updateAddress');
  required(body, 'body', 'updateAddress');
  const { data } = await apiClient.patch<unknown>(
    `/api/partners/uuid/${seg(partnerUuid)}/addresses/${seg(addressUuid)}`,
    { ...body, version },
  );
  return addressSchema.parse(data);
}

// --- Terms --------------------------------------------------------------------------------

/** GET /assets/terms/{version}/{language}.json: one version of the terms in one language. */
export async function getTermsDocument(version: string, language: string): Promise<TermsDocument> {
  const { data } = await apiClient.get<unknown>(termsDocumentPath(version, language));
  return termsDocumentSchema.parse(data);
}

/** PATCH /api/partners/{id}/terms */
export async function setTermsAcceptedById(id: number, body: TermsBody): Promise<TradePartner> {
  required(id, 'id', 'setTermsAcceptedById');
  const { data } = await apiClient.patch<unknown>(`/api/partners/${seg(id)}/terms`, body);
  return tradePartnerSchema.parse(data);
}

/** PATCH /api/partners/uuid/{uuid}/terms */
export async function setTermsAcceptedByUuid(uuid: string, body: TermsBody): Promise<TradePartner> {
  required(uuid, 'uuid', 'setTermsAcceptedByUuid');
  const { data } = await apiClient.patch<unknown>(`/api/partners/uuid/${seg(uuid)}/terms`, body);
  return tradePartnerSchema.parse(data);
}
