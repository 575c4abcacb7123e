import type { AppStore } from '@/app/store';
import { getSessionInfo } from '@/session/authApi';
import { selectAppReady, selectAuthenticated } from '@/session/authSlice';

/** SPEC section 9. */
export const SESSION_VALIDATION_INTERVAL_MS = 300_000;

/**
 * Asks the server whether the session is still good once the user is initialised, then every
 * 5 minutes while signed in. A failure takes the API client's usual path (401: refresh or
 * sign-in again; 403 and network failures: a notice), so here it is only logged.
 * Returns a function that stops it.
 */
export function startSessionValidation(store: AppStore, validate = getSessionInfo): () => void {
  let timer: ReturnType<typeof setInterval> | undefined;

  const check = () => {
    validate().catch((error: unknown) => console.warn('Session validation failed:', error));
  };

  const follow = () => {
    const state = store.getState();
    const active = selectAuthenticated(state) && selectAppReady(state);
    if (active && timer === undefined) {
      check();
      timer = setInterval(check, SESSION_VALIDATION_INTERVAL_MS);
    } else if (!active && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };

  const unsubscribe = store.subscribe(follow);
  follow();
  return () => {
    unsubscribe();
    clearInterval(timer);
    timer = undefined;
  };
}
