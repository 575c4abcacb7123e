import { describe, expect, it, vi } from 'vitest';
import { reloadOnStaleBuild, STALE_BUILD_GRACE_MS } from './stale-build';

function setUp() {
  const target = new EventTarget();
  const stored = new Map<string, string>();
  const storage = {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
  };
  const reload = vi.fn();
  let clock = 1_000_000;
  reloadOnStaleBuild({ target: target as unknown as Window, storage, reload, now: () => clock });
  const missChunk = () => {
    const event = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(event);
    return event;
  };
  return { reload, missChunk, wait: (ms: number) => (clock += ms) };
}

describe('reloadOnStaleBuild', () => {
  it('reloads once when a chunk of an older build is missing, and keeps the error quiet', () => {
    const { reload, missChunk } = setUp();
    expect(missChunk().defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('leaves a chunk still missing right after that reload to the error handling', () => {
    const { reload, missChunk, wait } = setUp();
    missChunk();
    wait(STALE_BUILD_GRACE_MS - 1);
    expect(missChunk().defaultPrevented).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads again for a later deploy', () => {
    const { reload, missChunk, wait } = setUp();
    missChunk();
    wait(STALE_BUILD_GRACE_MS);
    missChunk();
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
