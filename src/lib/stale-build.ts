/** When the last reload for a stale build happened (sessionStorage: this tab only). */
const STALE_BUILD_RELOAD_KEY = 'nt24_stale_build_reload';

/** A page reloaded this recently that still misses a chunk is not reloaded again. */
export const STALE_BUILD_GRACE_MS = 60_000;

interface StaleBuildOptions {
  target?: Pick<Window, 'addEventListener'>;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  reload?: () => void;
  now?: () => number;
}

/**
 * After a deploy, a tab opened before it asks for the lazily loaded chunks of the build it
 * started with, which the server no longer has (their names carry the content's hash). Vite
 * reports that as `vite:preloadError`; the tab then reloads once to get the new build, rather
 * than showing a page that cannot load. A chunk still missing right after such a reload is a
 * real failure: it is left to the app's error handling instead of reloading in a loop.
 */
export function reloadOnStaleBuild({
  target = window,
  storage = window.sessionStorage,
  reload = () => window.location.reload(),
  now = Date.now,
}: StaleBuildOptions = {}): void {
  target.addEventListener('vite:preloadError', (event) => {
    const last = Number(storage.getItem(STALE_BUILD_RELOAD_KEY) ?? 0);
    if (now() - last < STALE_BUILD_GRACE_MS) return;
    storage.setItem(STALE_BUILD_RELOAD_KEY, String(now()));
    event.preventDefault();
    reload();
  });
}
