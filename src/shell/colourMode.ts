import type { BarColor } from '@/preferences/layoutSlice';

/**
 * The Bootstrap colour mode for a bar: dark and brand bars switch their content to the dark
 * mode (light text, dark controls); a light bar follows the page's theme.
 */
export const colourModeFor = (color: BarColor) => (color === 'light' ? undefined : 'dark');
