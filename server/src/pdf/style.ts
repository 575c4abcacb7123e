/**
 * A report's look, shared by the pdfkit layout and the pdf-lib stamps: an A4 page with
 * generous margins, one calm accent colour, light rules and a few type sizes.
 */

/** A4 in PDF points (1/72 inch). */
export const PAGE = { width: 595.28, height: 841.89 } as const;

export const MARGIN = { top: 64, bottom: 72, left: 64, right: 64 } as const;

export const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;

/** Where the page number and the running footer sit, measured from the page's bottom edge. */
export const FOOTER_BASELINE = 36;

export const COLOURS = {
  text: '#1f2933',
  muted: '#5f6b7a',
  faint: '#8a96a3',
  accent: '#1f4e79',
  rule: '#d5dbe1',
  fill: '#f3f5f8',
  warning: '#8a5a00',
  warningFill: '#fdf6e7',
  danger: '#9b1c1c',
} as const;

export const SIZES = {
  title: 24,
  h1: 17,
  h2: 11.5,
  h3: 9.5,
  body: 9.5,
  table: 8.5,
  small: 7.5,
  footer: 7.5,
} as const;

/** Space between the blocks of a section. */
export const GAP = { block: 14, heading: 6, row: 3.5 } as const;

/** '#1f4e79' → [0.12, 0.31, 0.47], as pdf-lib's rgb() takes it. */
export function rgbParts(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((part) => part / 255) as [
    number,
    number,
    number,
  ];
}

/** The colours of the app's badge variants, for a status or a level written in colour. */
export const VARIANT_COLOURS = {
  success: '#1e6b3a',
  secondary: '#4b5563',
  danger: '#9b1c1c',
  warning: '#8a5a00',
  info: '#1f4e79',
} as const;
