import { useCallback } from 'react';
import type { DataStepType } from '@common/kyc-steps';
import { useAppDispatch } from '@/store/hooks';
import { formDataSaved, saveStepDraft } from '@/features/kyc/collection/cocCheckSlice';
import { useAutosave, type PendingDraft } from '@/kyc-forms/useAutosave';

/**
 * The signed-in autosave of a step's form: `change` keeps the form in the CoC check state at
 * once (it survives a reload) and the shared autosave sends it to the server after a pause.
 */
export function useDraftAutosave(kycId: number, stepType: DataStepType) {
  const dispatch = useAppDispatch();
  const send = useCallback(
    (next: PendingDraft) => void dispatch(saveStepDraft({ kycId, stepType, ...next })),
    [dispatch, kycId, stepType],
  );
  const { schedule, cancel } = useAutosave(send);

  const change = useCallback(
    (value: Record<string, unknown>) => {
      const changedAt = Date.now();
      dispatch(formDataSaved({ kycId, stepType, value, changedAt }));
      schedule({ value, changedAt });
    },
    [dispatch, kycId, stepType, schedule],
  );

  return { change, schedule, cancel };
}
