import { useCallback, useEffect, useRef } from 'react';

/** Decision 013: a draft goes to the server once the typing has paused this long. */
export const DRAFT_AUTOSAVE_MS = 1000;

export interface PendingDraft {
  value: Record<string, unknown>;
  changedAt: number;
}

/**
 * The autosave of a step's form, whoever keeps the drafts: `change` (or `schedule`, for a
 * change made earlier) sends the form through `send` once the typing has paused for 1 s;
 * `cancel` drops what has not gone yet (the step is being saved); leaving the form sends it at
 * once. `send` should keep its identity between renders (useCallback).
 */
export function useAutosave(send: (draft: PendingDraft) => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<PendingDraft | null>(null);

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const next = pending.current;
    pending.current = null;
    if (next) send(next);
  }, [send]);

  const schedule = useCallback(
    (next: PendingDraft) => {
      pending.current = next;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, DRAFT_AUTOSAVE_MS);
    },
    [flush],
  );

  const change = useCallback(
    (value: Record<string, unknown>) => schedule({ value, changedAt: Date.now() }),
    [schedule],
  );

  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
  }, []);

  useEffect(() => flush, [flush]);

  return { change, schedule, cancel };
}
