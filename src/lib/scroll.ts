/** SPEC section 9: the active menu entry is scrolled to 200 ms after navigation, over 600 ms. */
export const SCROLL_TO_ACTIVE_DELAY_MS = 200;
export const SCROLL_TO_ACTIVE_DURATION_MS = 600;

/**
 * Where a scroll container should scroll to bring an item into view: null when the item is
 * already wholly visible, else the scroll position that centres it (never below 0).
 * Positions are relative to the container's content.
 */
export function scrollTopToReveal(
  view: { scrollTop: number; height: number },
  item: { top: number; height: number },
): number | null {
  const visible =
    item.top >= view.scrollTop && item.top + item.height <= view.scrollTop + view.height;
  if (visible) return null;
  return Math.max(0, Math.round(item.top - (view.height - item.height) / 2));
}

const easeInOutQuad = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

/**
 * Scrolls `container` to `top` over `durationMs` (at once when the user prefers reduced
 * motion). Returns a function that stops the animation.
 */
export function animateScroll(container: HTMLElement, top: number, durationMs: number): () => void {
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  if (reduced || durationMs <= 0 || typeof requestAnimationFrame !== 'function') {
    container.scrollTop = top;
    return () => {};
  }
  const start = container.scrollTop;
  const distance = top - start;
  let startedAt: number | null = null;
  let frame = requestAnimationFrame(function step(now) {
    startedAt ??= now;
    const progress = Math.min(1, (now - startedAt) / durationMs);
    container.scrollTop = start + distance * easeInOutQuad(progress);
    if (progress < 1) frame = requestAnimationFrame(step);
  });
  return () => cancelAnimationFrame(frame);
}
