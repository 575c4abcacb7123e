import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import './RouteProgress.css';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigation } from 'react-router-dom';
import { clearRequestCache } from '@/lib/request-dedup';
import { pendingSince, requestMark, subscribeRequests } from '@/lib/request-activity';

// SPEC section 9: 'min 8, speed 200', trickling, no spinner. nprogress's own template gives the
// bar role="bar", which is no ARIA role (axe: aria-roles); the bar is decoration, hidden from
// assistive technology, and found by its class.
NProgress.configure({
  minimum: 0.08,
  speed: 200,
  trickle: true,
  showSpinner: false,
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: '.bar',
});

/**
 * How long after a navigation the page may take to ask for its data (its effects may run a
 * render or two later, and later still on a busy machine). The bar only shows once it asks.
 */
export const PAGE_DATA_START_MS = 500;

/**
 * How long a page's data counts as loading after its last call settled: an answer often leads
 * to the next call (the partner, then its file), which should not restart the bar.
 */
export const PAGE_DATA_SETTLE_MS = 300;

/**
 * Whether the page at `key` is still loading its data: from the navigation until the API calls
 * started since then have settled, and none followed within PAGE_DATA_SETTLE_MS (or none
 * started within PAGE_DATA_START_MS). Calls a page makes later, such as polling, do not count.
 */
function usePageDataLoading(key: string): boolean {
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    const mark = requestMark();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stop = () => {};
    const follow = () => {
      clearTimeout(timer);
      if (pendingSince(mark) > 0) {
        setLoading(true);
        return;
      }
      const asked = requestMark() > mark;
      timer = setTimeout(
        () => {
          setLoading(false);
          stop();
        },
        asked ? PAGE_DATA_SETTLE_MS : PAGE_DATA_START_MS,
      );
    };
    stop = subscribeRequests(follow);
    follow();
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [key]);

  return loading;
}

/**
 * The thin bar at the top of the page while the next page loads: its chunk (the router's
 * navigation) and then its data (the API calls it starts). Rendered inside the data router.
 * Also forgets the recently answered API calls on every navigation.
 */
export function RouteProgress() {
  const navigating = useNavigation().state !== 'idle';
  const { key } = useLocation();
  const loadingData = usePageDataLoading(key);
  const busy = navigating || loadingData;
  const lastKey = useRef(key);

  useEffect(() => {
    if (!busy) return;
    NProgress.start();
    return () => void NProgress.done();
  }, [busy]);

  useEffect(() => {
    if (lastKey.current === key) return;
    lastKey.current = key;
    clearRequestCache();
  }, [key]);

  return null;
}
