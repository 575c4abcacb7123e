/** The menu sizes of SPEC section 3. */
export const MENU_SIZES = [
  'default',
  'compact',
  'condensed',
  'fullscreen',
  'sm-hover',
  'full',
  'sm-hover-active',
] as const;
export type MenuSize = (typeof MENU_SIZES)[number];

/** SPEC section 9: the sidebar changes at these widths (px). */
const BREAKPOINT_LG = 992;
const BREAKPOINT_XL = 1200;

/** phone: below 992 px; tablet: 992 to 1199; desktop: 1200 and wider. */
export type Viewport = 'phone' | 'tablet' | 'desktop';

export function viewportForWidth(width: number): Viewport {
  if (width < BREAKPOINT_LG) return 'phone';
  if (width < BREAKPOINT_XL) return 'tablet';
  return 'desktop';
}

/**
 * The sidebar size a window gets (SPEC section 2): below 992 px the off-canvas 'full' menu,
 * 992 to 1199 icons only ('sm-hover'), 1200 and wider the size the user chose there.
 */
export function menuSizeForWidth(width: number, preferred: MenuSize): MenuSize {
  return menuSizeForViewport(viewportForWidth(width), preferred);
}

export function menuSizeForViewport(viewport: Viewport, preferred: MenuSize): MenuSize {
  switch (viewport) {
    case 'phone':
      return 'full';
    case 'tablet':
      return 'sm-hover';
    case 'desktop':
      // 'full' is the phone's off-canvas; it is never a wide screen's own choice.
      return preferred === 'full' ? 'default' : preferred;
  }
}
