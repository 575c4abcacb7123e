/** Colour themes (Bootstrap 5.3 colour modes) and the key the choice is stored under. */
const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const THEME_STORAGE_KEY = 'nt24_theme';

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

/** The stored theme; null when there is none, or something other than 'light' or 'dark'. */
export function readStoredTheme(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): Theme | null {
  try {
    const value = storage?.getItem(THEME_STORAGE_KEY);
    return isTheme(value) ? value : null;
  } catch {
    // Storage can be unavailable (privacy settings): the default theme will do.
    return null;
  }
}

export function saveTheme(
  theme: Theme,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Not remembered across visits, but still applied.
  }
}

/** Bootstrap 5.3 reads the colour mode from `data-bs-theme` on the root element. */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.dataset.bsTheme = theme;
  root.style.colorScheme = theme;
}
