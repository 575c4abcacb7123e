import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RootState } from '@/app/store';
import { signedOut } from '@/store/authActions';
import {
  MENU_SIZES,
  menuSizeForViewport,
  menuSizeForWidth,
  viewportForWidth,
  type MenuSize,
  type Viewport,
} from '@/preferences/responsive';
import { isTheme, readStoredTheme, type Theme } from '@/preferences/theme';

/** The layout settings of SPEC section 3, with their defaults. */
const LAYOUT_TYPES = ['vertical', 'horizontal'] as const;
const LAYOUT_MODES = ['fluid', 'detached'] as const;
const BAR_COLORS = ['light', 'dark', 'brand'] as const;

export type LayoutType = (typeof LAYOUT_TYPES)[number];
export type LayoutMode = (typeof LAYOUT_MODES)[number];
export type BarColor = (typeof BAR_COLORS)[number];

export interface LayoutSettings {
  layout: LayoutType;
  theme: Theme;
  mode: LayoutMode;
  topbarColor: BarColor;
  menuColor: BarColor;
  menuSize: MenuSize;
}

export const LAYOUT_DEFAULTS: LayoutSettings = {
  layout: 'vertical',
  theme: 'light',
  mode: 'fluid',
  topbarColor: 'light',
  menuColor: 'light',
  menuSize: 'default',
};

export interface LayoutState extends LayoutSettings {
  /** The size chosen on a wide screen, restored when the window is 1200 px or wider again. */
  preferredMenuSize: MenuSize;
  /** The window's width class, kept up to date by useResponsiveLayout. */
  viewport: Viewport;
  /** The phone's off-canvas menu. */
  mobileMenuOpen: boolean;
}

/** What app/store.ts keeps in the browser: the preferences, not the window's passing state. */
export const PERSISTED_LAYOUT_KEYS = [
  'layout',
  'mode',
  'topbarColor',
  'menuColor',
  'preferredMenuSize',
] as const satisfies readonly (keyof LayoutState)[];
// The theme is left out on purpose: its one stored copy is the nt24_theme key (theme.ts).

function defaultState(): LayoutState {
  return {
    ...LAYOUT_DEFAULTS,
    preferredMenuSize: LAYOUT_DEFAULTS.menuSize,
    viewport: 'desktop',
    mobileMenuOpen: false,
  };
}

const isOneOf =
  <T extends string>(values: readonly T[]) =>
  (value: unknown): value is T =>
    typeof value === 'string' && (values as readonly string[]).includes(value);

const isLayoutType = isOneOf(LAYOUT_TYPES);
const isLayoutMode = isOneOf(LAYOUT_MODES);
const isBarColor = isOneOf(BAR_COLORS);
const isMenuSize = isOneOf(MENU_SIZES);

/** The sizes a person can pick; 'full' is the phone's off-canvas, set by the window alone. */
function chooseMenuSize(state: LayoutState, size: MenuSize) {
  // Collapsing and expanding mean nothing on a phone, where the menu is off-canvas.
  if (state.viewport === 'phone' || size === 'full') return;
  state.menuSize = size;
  // Only a wide screen's choice is remembered; 992-1199 px goes back to icons when resized.
  if (state.viewport === 'desktop') state.preferredMenuSize = size;
}

export const layoutSlice = createSlice({
  name: 'layout',
  // A stored 'light' or 'dark' wins over the default; anything else in storage is ignored.
  initialState: (): LayoutState => ({
    ...defaultState(),
    theme: readStoredTheme() ?? LAYOUT_DEFAULTS.theme,
  }),
  reducers: {
    layoutChanged(state, action: PayloadAction<LayoutType>) {
      if (isLayoutType(action.payload)) state.layout = action.payload;
    },
    themeChanged(state, action: PayloadAction<Theme>) {
      if (isTheme(action.payload)) state.theme = action.payload;
    },
    themeToggled(state) {
      state.theme = state.theme === 'dark' ? 'light' : 'dark';
    },
    modeChanged(state, action: PayloadAction<LayoutMode>) {
      if (isLayoutMode(action.payload)) state.mode = action.payload;
    },
    topbarColorChanged(state, action: PayloadAction<BarColor>) {
      if (isBarColor(action.payload)) state.topbarColor = action.payload;
    },
    menuColorChanged(state, action: PayloadAction<BarColor>) {
      if (isBarColor(action.payload)) state.menuColor = action.payload;
    },
    menuSizeChanged(state, action: PayloadAction<MenuSize>) {
      if (isMenuSize(action.payload)) chooseMenuSize(state, action.payload);
    },
    /** The menu button on a wide screen: icons only, or full width again. */
    menuCollapseToggled(state) {
      chooseMenuSize(state, state.menuSize === 'default' ? 'sm-hover' : 'default');
    },
    /** Every setting back to its default; the window's own state stays. */
    layoutReset(state) {
      const { viewport } = state;
      return {
        ...defaultState(),
        viewport,
        menuSize: menuSizeForViewport(viewport, LAYOUT_DEFAULTS.menuSize),
      };
    },
    /** The window was resized (or the app started): the menu takes the size for that width. */
    viewportChanged(state, action: PayloadAction<number>) {
      state.viewport = viewportForWidth(action.payload);
      state.menuSize = menuSizeForWidth(action.payload, state.preferredMenuSize);
      if (state.viewport !== 'phone') state.mobileMenuOpen = false;
    },
    mobileMenuToggled(state) {
      state.mobileMenuOpen = state.viewport === 'phone' && !state.mobileMenuOpen;
    },
    mobileMenuClosed(state) {
      state.mobileMenuOpen = false;
    },
  },
  extraReducers: (builder) => {
    // Layout and theme are preferences of the device, not of the person: like the language
    // and the nt24_theme key they stay after sign-out, so the sign-in page and the next person
    // see the same look. Nothing in them identifies anyone. Only the open menu closes.
    builder.addCase(signedOut, (state) => {
      state.mobileMenuOpen = false;
    });
  },
});

export const {
  layoutChanged,
  themeChanged,
  themeToggled,
  modeChanged,
  topbarColorChanged,
  menuColorChanged,
  menuSizeChanged,
  menuCollapseToggled,
  layoutReset,
  viewportChanged,
  mobileMenuToggled,
  mobileMenuClosed,
} = layoutSlice.actions;

export const selectLayoutType = (state: RootState) => state.layout.layout;
export const selectTheme = (state: RootState) => state.layout.theme;
export const selectLayoutMode = (state: RootState) => state.layout.mode;
export const selectTopbarColor = (state: RootState) => state.layout.topbarColor;
export const selectMenuColor = (state: RootState) => state.layout.menuColor;
export const selectMenuSize = (state: RootState) => state.layout.menuSize;
export const selectPreferredMenuSize = (state: RootState) => state.layout.preferredMenuSize;
export const selectViewport = (state: RootState) => state.layout.viewport;
export const selectMobileMenuOpen = (state: RootState) => state.layout.mobileMenuOpen;
