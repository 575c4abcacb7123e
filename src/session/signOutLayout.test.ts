import { signOut } from '@/session/authSlice';
import {
  layoutChanged,
  mobileMenuToggled,
  themeChanged,
  viewportChanged,
} from '@/preferences/layoutSlice';
import { makeStore } from '../../tests/render-with-providers';

// What sign-out does to the layout (preferences/layoutSlice.ts): sign-out is the session's, so
// the test sits with it, above the preferences it reads.
const PHONE = 390;

beforeEach(() => localStorage.clear());

describe('sign-out and the layout', () => {
  it('keeps the preferences at sign-out (device preferences) but closes the menu', () => {
    const store = makeStore();
    store.dispatch(layoutChanged('horizontal'));
    store.dispatch(themeChanged('dark'));
    store.dispatch(viewportChanged(PHONE));
    store.dispatch(mobileMenuToggled());

    store.dispatch(signOut());

    expect(store.getState().layout).toMatchObject({
      layout: 'horizontal',
      theme: 'dark',
      mobileMenuOpen: false,
    });
  });
});
