import type { KycStepDataChange } from '@common/kyc-bodies';
import type { DataStepType } from '@common/kyc-steps';
import { createChangeThunk } from '@/store/requests';
import { createKyc } from '@/features/kyc/kycApi';
import { STEP_TITLE_KEYS } from '@/features/kyc/kycLabels';
import { deleteKycStepDraft, saveKycStepData } from '@/features/kyc/collection/kycStepsApi';
import { dataSaveKey, notChangingKyc, startFileKey, tellRefusal } from '@/features/kyc/kycThunks';
import { notify } from '@/notifications/notificationsSlice';
import { translate } from '@/lib/i18n';

// The partner's side of a file (decision 013): saving a step's data and starting a file.

const dataSaveOf = ({ kycId, stepType }: { kycId: number; stepType: DataStepType }) =>
  dataSaveKey(kycId, stepType);

/** The form's data as toStepData gives it, on the step version it was filled in on. */
export type StepDataArg = KycStepDataChange & { kycId: number; stepType: DataStepType };

/**
 * PUT .../steps/{stepType}/data. Saved: a toast, the step as the server made it, its draft gone
 * (cocCheckSlice). Refused with 400, the form shows the details next to its fields; anything
 * else (409: no longer editable, or changed meanwhile) is told (refusal) and the step read
 * again (kycSlice).
 */
export const saveStepData = createChangeThunk(
  'kyc/saveStepData',
  async ({ kycId, stepType, data, version }: StepDataArg, { getState, dispatch }) => {
    const userId = getState().user.user?.id as number;
    const step = await saveKycStepData(kycId, stepType, userId, { data, version });
    dispatch(
      notify.success('kyc.collect.notices.saved.title', 'kyc.collect.notices.saved.message', {
        values: { step: translate(STEP_TITLE_KEYS[stepType]) },
      }),
    );
    return step;
  },
  {
    condition: notChangingKyc(dataSaveOf),
    onRefused: (error, _arg, { dispatch }) => {
      if (error.status !== 400) tellRefusal(error, dispatch);
    },
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
export const discardStepDraft = createChangeThunk(
  'kyc/discardStepDraft',
  async ({ kycId, stepType }: StepDraftArg, { getState }) => {
    const userId = getState().user.user?.id as number;
    await deleteKycStepDraft(kycId, stepType, userId);
  },
  {
    condition: notChangingKyc(dataSaveOf),
    onRefused: (error, _arg, { dispatch }) => tellRefusal(error, dispatch),
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
export const startKycFile = createChangeThunk(
  'kyc/startFile',
  ({ tradePartnerUuid }: StartFileArg) => createKyc({ tradePartnerUuid, status: 'DRAFT' }),
  {
    condition: notChangingKyc(({ tradePartnerUuid }) => startFileKey(tradePartnerUuid)),
    onRefused: (error, _arg, { dispatch }) => tellRefusal(error, dispatch),
  },
);
