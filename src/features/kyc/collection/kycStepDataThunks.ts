import type { DataStepType } from '@common/kyc-steps';
import { createAppAsyncThunk } from '@/store/hooks';
import { createKyc } from '@/features/kyc/kycApi';
import { STEP_TITLE_KEYS } from '@/features/kyc/kycLabels';
import { deleteKycStepDraft, saveKycStepData } from '@/features/kyc/collection/kycStepsApi';
import { busy, dataSaveKey, refusal, refused, startFileKey } from '@/features/kyc/kycThunks';
import { notify } from '@/notifications/notificationsSlice';
import { toApiError } from '@/lib/api-error';
import { translate } from '@/lib/i18n';

// The partner's side of a file (decision 013): saving a step's data and starting a file.

export interface StepDataArg {
  kycId: number;
  stepType: DataStepType;
  /** What the form gives (toStepData); the server checks and normalises it. */
  data: Record<string, unknown>;
  /** The step version the form was filled in on. */
  version: number;
}

/**
 * PUT .../steps/{stepType}/data. Saved: a toast, the step as the server made it, its draft gone
 * (cocCheckSlice). Refused with 400, the form shows the details next to its fields; anything
 * else (409: no longer editable, or changed meanwhile) is told (refusal) and the step read
 * again (kycSlice).
 */
export const saveStepData = createAppAsyncThunk(
  'kyc/saveStepData',
  async (
    { kycId, stepType, data, version }: StepDataArg,
    { getState, dispatch, rejectWithValue },
  ) => {
    try {
      const userId = getState().user.user?.id as number;
      const step = await saveKycStepData(kycId, stepType, userId, { data, version });
      dispatch(
        notify.success('kyc.collect.notices.saved.title', 'kyc.collect.notices.saved.message', {
          values: { step: translate(STEP_TITLE_KEYS[stepType]) },
        }),
      );
      return step;
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.status !== 400) dispatch(refusal(apiError));
      return rejectWithValue(apiError);
    }
  },
  {
    condition: ({ kycId, stepType }, { getState }) =>
      !busy(getState(), dataSaveKey(kycId, stepType)),
  },
);

export interface StepDraftArg {
  kycId: number;
  stepType: DataStepType;
}

/**
 * DELETE .../steps/{stepType}/draft: the changes that are not saved are dropped and the step
 * keeps its saved data (decision 038); the draft kept in this browser goes too (cocCheckSlice).
 * A refusal is told (refusal) and the step read again (kycSlice).
 */
export const discardStepDraft = createAppAsyncThunk(
  'kyc/discardStepDraft',
  async ({ kycId, stepType }: StepDraftArg, { getState, dispatch, rejectWithValue }) => {
    try {
      const userId = getState().user.user?.id as number;
      await deleteKycStepDraft(kycId, stepType, userId);
    } catch (error) {
      const apiError = toApiError(error);
      dispatch(refusal(apiError));
      return rejectWithValue(apiError);
    }
  },
  {
    condition: ({ kycId, stepType }, { getState }) =>
      !busy(getState(), dataSaveKey(kycId, stepType)),
  },
);

/** Which company a new file is for. */
export interface StartFileArg {
  tradePartnerUuid: string;
}

/**
 * POST /api/kyc: a new DRAFT file for the company (staff for any company, its owner or admin for
 * their own when it has no open file). Refusals are told in the server's words.
 */
export const startKycFile = createAppAsyncThunk(
  'kyc/startFile',
  async ({ tradePartnerUuid }: StartFileArg, { dispatch, rejectWithValue }) => {
    try {
      return await createKyc({ tradePartnerUuid, status: 'DRAFT' });
    } catch (error) {
      const apiError = toApiError(error);
      dispatch(refused(apiError.message));
      return rejectWithValue(apiError);
    }
  },
  {
    condition: ({ tradePartnerUuid }, { getState }) =>
      !busy(getState(), startFileKey(tradePartnerUuid)),
  },
);
