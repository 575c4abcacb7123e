import type { AxiosAdapter } from 'axios';

/**
 * The API calls in flight, as the one client makes them, so that the route progress bar can
 * follow a page's data as well as its chunk (SPEC sections 2 and 9). Each call gets a number in
 * the order it starts; a navigation takes a mark and waits for the calls started after it.
 */
let started = 0;
const pending = new Set<number>();
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

/** The number of the last call started: calls after it are later than now. */
export function requestMark(): number {
  return started;
}

/** How many calls started after `mark` are still waiting for their answer. */
export function pendingSince(mark: number): number {
  let count = 0;
  for (const id of pending) if (id > mark) count += 1;
  return count;
}

/** Calls `listener` whenever a call starts or settles; returns the unsubscribe. */
export function subscribeRequests(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Wraps an axios adapter so that every call it makes is counted while in flight. */
export function withRequestActivity(adapter: AxiosAdapter): AxiosAdapter {
  return (config) => {
    started += 1;
    const id = started;
    pending.add(id);
    changed();
    const settle = () => {
      pending.delete(id);
      changed();
    };
    const response = adapter(config);
    response.then(settle, settle);
    return response;
  };
}
