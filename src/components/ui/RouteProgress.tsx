import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import './RouteProgress.css';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigation } from 'react-router-dom';
import { clearRequestCache } from '@/lib/request-dedup';

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
 * The thin bar at the top of the page while the router loads the next page. Rendered inside
 * the data router. Also forgets the recently answered API calls on every navigation.
 */
export function RouteProgress() {
  const busy = useNavigation().state !== 'idle';
  const { key } = useLocation();
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
