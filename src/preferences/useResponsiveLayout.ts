import { useLayoutEffect } from 'react';
import { useAppDispatch } from '@/store/hooks';
import { viewportChanged } from '@/preferences/layoutSlice';

/**
 * Keeps the menu size in step with the window width: on mount (before the first paint, so a
 * phone never flashes the wide sidebar) and on every resize. The reducer only changes state
 * when the width crosses 992 or 1200 px, so most resize events render nothing.
 */
export function useResponsiveLayout(): void {
  const dispatch = useAppDispatch();
  useLayoutEffect(() => {
    const update = () => dispatch(viewportChanged(window.innerWidth));
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [dispatch]);
}
