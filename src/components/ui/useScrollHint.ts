import { useEffect, type RefObject } from 'react';

/**
 * Marks a sideways-scrolling element inside `container` (the first that `selector` finds) with
 * `data-more-start` and `data-more-end` while some of it is hidden on that side, so that CSS can
 * fade that edge: a row of tabs wider than a phone shows that it scrolls (issue 18). The active
 * item (`.active`) is scrolled into view.
 */
export function useScrollHint(container: RefObject<HTMLElement | null>, selector: string) {
  useEffect(() => {
    const scroller = container.current?.querySelector<HTMLElement>(selector);
    if (!scroller) return;
    const mark = () => {
      const hiddenAfter = scroller.scrollWidth - scroller.clientWidth - scroller.scrollLeft;
      scroller.toggleAttribute('data-more-start', scroller.scrollLeft > 1);
      scroller.toggleAttribute('data-more-end', hiddenAfter > 1);
    };
    const active = scroller.querySelector<HTMLElement>('.active');
    if (active && active.offsetLeft + active.offsetWidth > scroller.clientWidth) {
      scroller.scrollLeft = active.offsetLeft - scroller.clientWidth / 3;
    }
    mark();
    scroller.addEventListener('scroll', mark, { passive: true });
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(mark);
    resized?.observe(scroller);
    return () => {
      scroller.removeEventListener('scroll', mark);
      resized?.disconnect();
    };
  }, [container, selector]);
}
