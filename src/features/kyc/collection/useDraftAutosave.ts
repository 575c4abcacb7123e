import { useCallback, useEffect, useRef } from 'react';
import type { DataStepType } from '@common/kyc-steps';
import { useAppDispatch } from '@/app/hooks';
import { formDataSaved, saveStepDraft } from '@/features/kyc/collection/cocCheckSlice';

/** Decision 013: a draft goes to the server once the typing has paused this long. */
export const DRAFT_AUTOSAVE_MS = 1000;

interface Pending {
  value: Record<string, unknown>;
  changedAt: number;
}

/**
 * The autosave of a step's form: `change` keeps the form in the CoC check state at once (it
 * survives a reload) and sends it to the server when the typing has paused for 1 s; `cancel`
 * drops what has not gone yet (the step is being saved); leaving the form sends it at once.
 */
export function useDraftAutosave(kycId: number, stepType: DataStepType) {
  const dispatch = useAppDispatch();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<Pending | null>(null);

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const next = pending.current;
    pending.current = null;
    if (next) void dispatch(saveStepDraft({ kycId, stepType, ...next }));
  }, [dispatch, kycId, stepType]);

  const schedule = useCallback(
    (next: Pending) => {
      pending.current = next;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, DRAFT_AUTOSAVE_MS);
    },
    [flush],
  );

  const change = useCallback(
    (value: Record<string, unknown>) => {
      const changedAt = Date.now();
      dispatch(formDataSaved({ kycId, stepType, value, changedAt }));
      schedule({ value, changedAt });
    },
    [dispatch, kycId, stepType, schedule],
  );

  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
  }, []);

  useEffect(() => flush, [flush]);

  return { change, schedule, cancel };
}
