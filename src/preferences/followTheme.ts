import type { AppStore } from '@/app/store';
import { selectTheme } from '@/preferences/layoutSlice';
import { applyTheme, saveTheme } from '@/preferences/theme';

/**
 * Keeps the page's colour mode and the stored nt24_theme in step with the store: applied at
 * once (so even the loading screen has the right colours), then on every change.
 */
export function followTheme(
  store: Pick<AppStore, 'getState' | 'subscribe'>,
  root: HTMLElement = document.documentElement,
): () => void {
  let current = selectTheme(store.getState());
  applyTheme(current, root);
  return store.subscribe(() => {
    const theme = selectTheme(store.getState());
    if (theme === current) return;
    current = theme;
    applyTheme(theme, root);
    saveTheme(theme);
  });
}
