import type { SessionListener } from '@/lib/keycloak';

/** Hands keycloak-js's session events to a listener that comes later. */
export interface SessionRelay {
  /** Given to keycloak-js before the app (and its store) has loaded. */
  listener: SessionListener;
  /** Replays what happened so far, in order, then passes every event on as it comes. */
  attach(target: SessionListener): void;
}

/**
 * The session starts before the app's code arrives (main.tsx keeps the sign-in redirect
 * light), so its first events, typically `authenticated`, wait here for the store.
 */
export function createSessionRelay(): SessionRelay {
  let target: SessionListener | null = null;
  const pending: Array<(listener: SessionListener) => void> = [];
  const deliver = (event: (listener: SessionListener) => void) => {
    if (target) event(target);
    else pending.push(event);
  };

  return {
    listener: {
      authenticated: (identity) => deliver((to) => to.authenticated(identity)),
      tokenRefreshed: (identity) => deliver((to) => to.tokenRefreshed(identity)),
      notice: (kind) => deliver((to) => to.notice(kind)),
    },
    attach(listener) {
      target = listener;
      for (const event of pending.splice(0)) event(listener);
    },
  };
}
