import type { UnknownAction } from '@reduxjs/toolkit';
import { useState } from 'react';
import { useAppDispatch } from '@/store/hooks';
import { notify } from '@/notifications/notificationsSlice';
import { isApiError, isStaleVersion } from '@/lib/api-error';

/** The notice for a change on a partner that the server refused or that never got there. */
const changeFailed = (error: unknown) =>
  notify.error('partners.notices.failed.title', 'partners.notices.failed.message', {
    values: { reason: isApiError(error) ? error.message : String(error) },
  });

/**
 * Runs a change and tells the user how it went. Never rejects: a failure becomes a notice, so
 * callers (and ConfirmDialog) need no catch of their own.
 */
export function useNotifiedChange() {
  const dispatch = useAppDispatch();
  return async (change: () => Promise<unknown>, success: () => UnknownAction) => {
    try {
      await change();
      dispatch(success());
    } catch (error) {
      // Someone else changed it first: the change's thunk has told the user already.
      if (!isStaleVersion(error)) dispatch(changeFailed(error));
    }
  };
}

/**
 * A change that waits for the user's yes: `ask(item)` opens the dialog, spread `dialog` into a
 * ConfirmDialog, `pending` is the item being asked about (for the dialog's message).
 */
export function useConfirmedChange<T>(
  change: (item: T) => Promise<unknown>,
  success: (item: T) => UnknownAction,
) {
  const run = useNotifiedChange();
  const [pending, setPending] = useState<T | null>(null);
  return {
    pending,
    ask: (item: T) => setPending(item),
    dialog: {
      show: pending !== null,
      onConfirm: () =>
        pending !== null
          ? run(
              () => change(pending),
              () => success(pending),
            )
          : Promise.resolve(),
      onClose: () => setPending(null),
    },
  };
}
