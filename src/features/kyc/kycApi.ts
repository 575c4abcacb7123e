import { isAxiosError } from 'axios';
import { z } from 'zod';
import type { Page } from '@common/api';
import type { KycStatus } from '@common/kyc';
import type { KycStatusChange, NewKycComment, NewKycSubmission } from '@common/kyc-bodies';
import { insightsSchema, type Insights } from '@common/kyc-insights';
import {
  auditEventSchema,
  commentSchema,
  customerPageSchema,
  customerSubmissionsSchema,
  kycPageSchema,
  kycSubmissionSchema,
  readinessSchema,
  statusAndReviewSchema,
  statusRecordSchema,
  submissionWithInsightsSchema,
  type AuditEvent,
  type KycComment,
  type KycCustomer,
  type KycCustomerSubmissions,
  type KycStatusAndReview,
  type KycSubmission,
  type KycSubmissionWithInsights,
  type Readiness,
  type StatusRecord,
} from '@common/kyc-responses';
import { parseKycRef } from '@/features/kyc/kycModel';
import { apiClient } from '@/lib/api-client';
import { cachedGet } from '@/lib/cached-get';
import { insightsCacheKey } from '@/lib/response-cache';
import { required, searchParams, seg } from '@/lib/api-params';

// The calls of docs/api/kyc.md (SPEC section 7, 'KYC'): one typed function per endpoint the app
// uses (the server keeps the uuid variants too); the step calls are in kycStepsApi.ts. PDF export, export
// jobs and payment come with later issues.

const BASE = '/api/kyc';
const byId = (id: number) => `${BASE}/${seg(id)}`;
const byUuid = (uuid: string) => `${BASE}/uuid/${seg(uuid)}`;

const submissionListSchema = z.array(kycSubmissionSchema);
const commentListSchema = z.array(commentSchema);
const statusListSchema = z.array(statusRecordSchema);
const auditListSchema = z.array(auditEventSchema);

// --- Submissions ---------------------------------------------------------------------------

/** POST /api/kyc: a new submission for the partner `body.tradePartnerId` names. */
export async function createKyc(body: NewKycSubmission): Promise<KycSubmission> {
  required(body, 'body', 'createKyc');
  const { data } = await apiClient.post<unknown>(BASE, body, { skipErrorNotice: true });
  return kycSubmissionSchema.parse(data);
}

/** Paging of the list calls: zero-based page, size up to 100, `field,asc|desc`. */
export interface Pageable {
  page: number;
  size: number;
  sort?: string;
}

/** The filters of GET /api/kyc/filter. */
export interface KycFilter {
  obligedEntityId?: number;
  /** The reviewer (a user id). */
  obligedEntityContactId?: number;
  /** The trade partner. */
  customerId?: number;
  customerContactId?: number;
  /** Any of these. */
  kycStatus?: readonly KycStatus[];
  /** The trade partner's name contains this. */
  search?: string;
}

/** GET /api/kyc/filter: a page of the submissions the user may see that match `filter`. */
export async function filterKyc(
  filter: KycFilter,
  pageable: Pageable,
): Promise<Page<KycSubmission>> {
  required(pageable, 'pageable', 'filterKycs');
  const { data } = await apiClient.get<unknown>(`${BASE}/filter`, {
    params: searchParams({ ...filter, search: filter.search?.trim(), ...pageable }),
  });
  return kycPageSchema.parse(data);
}

/** GET /api/kyc/{id} */
export async function getKycById(id: number): Promise<KycSubmission> {
  required(id, 'id', 'getKycById');
  const { data } = await apiClient.get<unknown>(byId(id));
  return kycSubmissionSchema.parse(data);
}

/** GET /api/kyc/uuid/{uuid}: the submission with its insights. */
export async function getKycByUuid(uuid: string): Promise<KycSubmissionWithInsights> {
  required(uuid, 'uuid', 'getKycByUuid');
  const { data } = await apiClient.get<unknown>(byUuid(uuid));
  return submissionWithInsightsSchema.parse(data);
}

/**
 * GET /api/kyc/{idOrUuid}: by uuid when the value has a hyphen or 36 characters (SPEC section
 * 3), else by id. A value that is neither fails before any request.
 */
export async function getKyc(idOrUuid: string | number): Promise<KycSubmission> {
  required(idOrUuid, 'idOrUuid', 'getKyc');
  const ref = parseKycRef(idOrUuid);
  if (!ref) throw new Error(`Not a KYC id or uuid: ${String(idOrUuid)}`);
  return ref.kind === 'uuid' ? getKycByUuid(ref.uuid) : getKycById(ref.id);
}

/** GET /api/kyc/partner/uuid/{uuid}: the partner's submissions, newest first. */
export async function getPartnerKycsByUuid(partnerUuid: string): Promise<KycSubmission[]> {
  required(partnerUuid, 'partnerUuid', 'getPartnerKycsByUuid');
  const { data } = await apiClient.get<unknown>(`${BASE}/partner/uuid/${seg(partnerUuid)}`);
  return submissionListSchema.parse(data);
}

// --- Per submission -------------------------------------------------------------------------

/** Where one submission's calls go, its id checked first (SPEC section 5). */
export const idPath = (id: number, call: string) => byId(required(id, 'id', call));

/** A 404 answer: for the step reads, an answer rather than a failure. */
export const isNotFound = (error: unknown) => isAxiosError(error) && error.response?.status === 404;

// --- Status ----------------------------------------------------------------------------------

async function readStatusHistory(base: string): Promise<StatusRecord[]> {
  const { data } = await apiClient.get<unknown>(`${base}/status`);
  return statusListSchema.parse(data);
}

async function postStatus(
  base: string,
  change: KycStatusChange,
  call: string,
): Promise<StatusRecord> {
  required(change, 'status', call);
  required(change.status, 'status', call);
  required(change.userId, 'userId', call);
  const { status, userId, comment = null, isCompliant = null, version } = change;
  const { visibility, riskAcknowledgement, takeOver } = change;
  const body = {
    status,
    userId,
    comment,
    isCompliant,
    ...(visibility === undefined ? {} : { visibility }),
    ...(riskAcknowledgement ? { riskAcknowledgement } : {}),
    ...(takeOver ? { takeOver } : {}),
    version,
  };
  // The screen tells the user why a change was refused, in the server's words.
  const { data } = await apiClient.post<unknown>(`${base}/status`, body, { skipErrorNotice: true });
  return statusRecordSchema.parse(data);
}

/** GET /api/kyc/{id}/status: the status history, oldest first. */
export const getKycStatusHistory = async (id: number) =>
  readStatusHistory(idPath(id, 'getKycStatusHistory'));

/** POST /api/kyc/{id}/status: moves the file (or comments on it); the new history entry. */
export const changeKycStatus = async (id: number, change: KycStatusChange) =>
  postStatus(idPath(id, 'changeKycStatus'), change, 'changeKycStatus');

// --- Comments, audit trail, insights -------------------------------------------------------

async function readList<T>(url: string, schema: z.ZodType<T>): Promise<T> {
  const { data } = await apiClient.get<unknown>(url);
  return schema.parse(data);
}

async function postComment(base: string, body: NewKycComment, call: string) {
  required(body, 'body', call);
  const { data } = await apiClient.post<unknown>(`${base}/comments`, body, {
    skipErrorNotice: true,
  });
  return commentSchema.parse(data);
}

/** GET /api/kyc/{id}/comments, oldest first. */
export const getKycComments = async (id: number): Promise<KycComment[]> =>
  readList(`${idPath(id, 'getKycComments')}/comments`, commentListSchema);

/** POST /api/kyc/{id}/comments */
export const addKycComment = async (id: number, body: NewKycComment): Promise<KycComment> =>
  postComment(idPath(id, 'addKycComment'), body, 'addKycComment');

/** GET /api/kyc/{id}/audit (staff): every change, oldest first. */
export const getKycAudit = async (id: number): Promise<AuditEvent[]> =>
  readList(`${idPath(id, 'getKycAudit')}/audit`, auditListSchema);

/** GET /api/kyc/{id}/insights (staff): computed when asked, kept as insights_full_{id}. */
export const getKycInsights = async (id: number): Promise<Insights> =>
  cachedGet(
    'default',
    `${idPath(id, 'getKycInsights')}/insights`,
    insightsSchema,
    insightsCacheKey.full(id),
  );

/** GET /api/kyc/{id}/readiness: whether the file may be submitted, and what is missing. */
export const getKycReadiness = async (id: number): Promise<Readiness> =>
  readList(`${idPath(id, 'getKycReadiness')}/readiness`, readinessSchema);

// --- Customers ------------------------------------------------------------------------------

/**
 * GET /api/kyc/customers (staff): each customer with its latest submission; sorted by
 * `name`, `status`, `updatedAt` or `decidedAt` (CUSTOMER_SORT_FIELDS), `,asc|desc`.
 */
export async function listKycCustomers(pageable: Pageable): Promise<Page<KycCustomer>> {
  const { data } = await apiClient.get<unknown>(`${BASE}/customers`, {
    params: searchParams({ ...pageable }),
  });
  return customerPageSchema.parse(data);
}

/** GET /api/kyc/customers/{customerUuid}: the customer and its submissions. */
export async function getKycCustomer(customerUuid: string): Promise<KycCustomerSubmissions> {
  required(customerUuid, 'customerUuid', 'getKycCustomer');
  return readList(`${BASE}/customers/${seg(customerUuid)}`, customerSubmissionsSchema);
}

/** GET /api/kyc/customer/{customerUuid}/status-and-review?obligedEntityUuid= */
export async function getCustomerStatusAndReview(
  customerUuid: string,
  obligedEntityUuid: string,
): Promise<KycStatusAndReview> {
  required(customerUuid, 'customerUuid', 'getCustomerStatusAndReview');
  required(obligedEntityUuid, 'obligedEntityUuid', 'getCustomerStatusAndReview');
  const { data } = await apiClient.get<unknown>(
    `${BASE}/customer/${seg(customerUuid)}/status-and-review`,
    { params: { obligedEntityUuid } },
  );
  return statusAndReviewSchema.parse(data);
}
