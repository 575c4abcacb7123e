import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import type { RootState } from '@/app/store';
import type { CachedRequest } from '@/store/cache';
import { kycStepEvents, type StepStatusEvent } from '@/features/kyc/kycEvents';
import type { PerSubmissionFetch } from '@/features/kyc/kycThunks';

/**
 * One of the lists kept per submission (steps, comments, history, audit, insights): loaded when
 * shown, again when a change made it stale; `retry` asks even when a fresh answer is at hand.
 */
export function useKycRecords<T>(
  fetch: PerSubmissionFetch<T>,
  select: (state: RootState, kycId: number) => CachedRequest<T> | undefined,
  kycId: number,
) {
  const dispatch = useAppDispatch();
  const entry = useAppSelector((state) => select(state, kycId));
  const stale = entry?.stale ?? false;
  useEffect(() => {
    void dispatch(fetch({ kycId }));
  }, [dispatch, fetch, kycId, stale]);
  return { entry, retry: () => void dispatch(fetch({ kycId, force: true })) };
}

/** The last step status event of submission `kycId` (SPEC section 4), e.g. for announcing it. */
export function useLastStepEvent(kycId: number): StepStatusEvent | null {
  const [last, setLast] = useState<StepStatusEvent | null>(null);
  useEffect(
    () =>
      kycStepEvents.subscribe((event) => {
        if (event.kycId === kycId) setLast(event);
      }),
    [kycId],
  );
  return last;
}
