import { themeChanged, themeToggled } from '@/preferences/layoutSlice';
import { followTheme } from '@/preferences/followTheme';
import { THEME_STORAGE_KEY } from '@/preferences/theme';
import { makeStore } from '../../tests/render-with-providers';

beforeEach(() => localStorage.clear());

describe('followTheme', () => {
  it('applies the theme as a Bootstrap colour mode and stores each change under nt24_theme', () => {
    const root = document.createElement('html');
    const store = makeStore();
    const stop = followTheme(store, root);
    expect(root.dataset.bsTheme).toBe('light');

    store.dispatch(themeToggled());
    expect(root.dataset.bsTheme).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');

    stop();
    store.dispatch(themeChanged('light'));
    expect(root.dataset.bsTheme).toBe('dark');
  });

  it('starts from a valid stored theme', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    const root = document.createElement('html');
    followTheme(makeStore(), root)();
    expect(root.dataset.bsTheme).toBe('dark');
  });
});
