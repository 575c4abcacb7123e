import { z } from 'zod';
import type {
  KycRequestWithdrawal,
  KycStepDataChange,
  KycStepStatusChange,
} from '@common/kyc-bodies';
import {
  kycStepChangeSchema,
  kycStepSchema,
  type KycStep,
  type KycStepChange,
} from '@common/kyc-responses';
import { idPath } from '@/features/kyc/kycApi';
import { type KycStepType } from '@/features/kyc/kycModel';
import { apiClient } from '@/lib/api-client';
import { required, seg } from '@/lib/api-params';

// The step calls of docs/api/kyc.md, id and uuid variants: the six steps of a submission, one
// step (created PENDING when missing, or null in the data-only read) and its status changes.

/** SPEC section 7: step reads carry a timestamp so no cache in between answers them. */
const cacheBusting = () => ({ _: Date.now() });

const stepListSchema = z.array(kycStepSchema);

function stepStatusBody(change: KycStepStatusChange, call: string) {
  required(change, 'status', call);
  required(change.status, 'status', call);
  const { status, comment, visibility, version } = change;
  return {
    status,
    ...(comment ? { comment } : {}),
    ...(comment && visibility ? { visibility } : {}),
    version,
  };
}

/** POST /api/kyc/{id}/steps/{stepType}/request/withdraw?userId=: the step as it now is. */
export async function withdrawKycStepRequest(
  id: number,
  stepType: KycStepType,
  userId: number,
  withdrawal: KycRequestWithdrawal,
): Promise<KycStep> {
  const call = 'withdrawKycStepRequest';
  const base = idPath(id, call);
  required(stepType, 'stepType', call);
  required(userId, 'userId', call);
  required(withdrawal.comment, 'comment', call);
  const { data } = await apiClient.post<unknown>(
    `${base}/steps/${seg(stepType)}/request/withdraw`,
    withdrawal,
    { params: { userId }, skipErrorNotice: true },
  );
  return kycStepSchema.parse(data);
}

async function readSteps(base: string): Promise<KycStep[]> {
  const { data } = await apiClient.get<unknown>(`${base}/steps`, { params: cacheBusting() });
  return stepListSchema.parse(data);
}

async function postStep(base: string, stepType: KycStepType, userId: number, call: string) {
  required(stepType, 'stepType', call);
  required(userId, 'userId', call);
  // coc and insights steps are created with an empty body (SPEC section 7).
  const body = stepType === 'coc' || stepType === 'insights' ? undefined : { status: 'PENDING' };
  const { data } = await apiClient.post<unknown>(`${base}/steps/${seg(stepType)}`, body, {
    params: { userId },
  });
  return kycStepSchema.parse(data);
}

/** One step, past any cache. Rejects 404 for a step that is missing. */
async function readStep(base: string, stepType: KycStepType, call: string) {
  required(stepType, 'stepType', call);
  const { data } = await apiClient.get<unknown>(`${base}/steps/${seg(stepType)}`, {
    params: cacheBusting(),
  });
  return kycStepSchema.parse(data);
}

async function postStepStatus(
  base: string,
  stepType: KycStepType,
  userId: number,
  change: KycStepStatusChange,
  call: string,
): Promise<KycStepChange> {
  required(stepType, 'stepType', call);
  required(userId, 'userId', call);
  const body = stepStatusBody(change, call);
  const { data } = await apiClient.post<unknown>(`${base}/steps/${seg(stepType)}/status`, body, {
    params: { userId },
    skipErrorNotice: true,
  });
  return kycStepChangeSchema.parse(data);
}

/** GET /api/kyc/{id}/steps: the six steps, in order. */
export const getKycSteps = async (id: number) => readSteps(idPath(id, 'getKycSteps'));

/** POST /api/kyc/{id}/steps/{stepType}?userId=: creates the step (or answers the existing one). */
export const createKycStep = async (id: number, stepType: KycStepType, userId: number) =>
  postStep(idPath(id, 'createKycStep'), stepType, userId, 'createKycStep');

/**
 * POST /api/kyc/{id}/steps/{stepType}/status?userId=: the step as it now is; `unchanged` when it
 * was decided and stays so (SPEC section 4).
 */
export const changeKycStepStatus = async (
  id: number,
  stepType: KycStepType,
  userId: number,
  change: KycStepStatusChange,
) =>
  postStepStatus(
    idPath(id, 'changeKycStepStatus'),
    stepType,
    userId,
    change,
    'changeKycStepStatus',
  );

// --- The partner's form data (decision 013) ---------------------------------------------------

/** GET /api/kyc/{id}/steps/{stepType} (fresh): rejects 404 for a step that does not exist. */
export const readKycStep = async (id: number, stepType: KycStepType) =>
  readStep(idPath(id, 'readKycStep'), stepType, 'readKycStep');

async function putStepData(
  base: string,
  stepType: KycStepType,
  userId: number,
  change: KycStepDataChange,
  call: string,
): Promise<KycStep> {
  required(stepType, 'stepType', call);
  required(userId, 'userId', call);
  required(change?.data, 'data', call);
  const body = { data: change.data, version: change.version };
  // The form shows a refusal next to its fields, or in the step's own words.
  const { data } = await apiClient.put<unknown>(`${base}/steps/${seg(stepType)}/data`, body, {
    params: { userId },
    skipErrorNotice: true,
  });
  return kycStepSchema.parse(data);
}

async function putStepDraft(
  base: string,
  stepType: KycStepType,
  userId: number,
  draft: Record<string, unknown>,
  call: string,
): Promise<KycStep> {
  required(stepType, 'stepType', call);
  required(userId, 'userId', call);
  required(draft, 'draft', call);
  const { data } = await apiClient.put<unknown>(
    `${base}/steps/${seg(stepType)}/draft`,
    { draft },
    // A draft that did not reach the server is shown next to the form, not as a toast.
    { params: { userId }, skipErrorNotice: true },
  );
  return kycStepSchema.parse(data);
}

async function deleteStepDraft(base: string, stepType: KycStepType, userId: number, call: string) {
  required(stepType, 'stepType', call);
  required(userId, 'userId', call);
  await apiClient.delete(`${base}/steps/${seg(stepType)}/draft`, {
    params: { userId },
    skipErrorNotice: true,
  });
}

/** PUT /api/kyc/{id}/steps/{stepType}/data?userId=: saves the step (IN_PROGRESS, draft gone). */
export const saveKycStepData = async (
  id: number,
  stepType: KycStepType,
  userId: number,
  change: KycStepDataChange,
) => putStepData(idPath(id, 'saveKycStepData'), stepType, userId, change, 'saveKycStepData');

/** PUT /api/kyc/{id}/steps/{stepType}/draft?userId=: keeps the form as it is, unchecked. */
export const saveKycStepDraft = async (
  id: number,
  stepType: KycStepType,
  userId: number,
  draft: Record<string, unknown>,
) => putStepDraft(idPath(id, 'saveKycStepDraft'), stepType, userId, draft, 'saveKycStepDraft');

/** DELETE /api/kyc/{id}/steps/{stepType}/draft?userId= (204). */
export const deleteKycStepDraft = async (id: number, stepType: KycStepType, userId: number) =>
  deleteStepDraft(idPath(id, 'deleteKycStepDraft'), stepType, userId, 'deleteKycStepDraft');
