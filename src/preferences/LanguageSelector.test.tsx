import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { http, HttpResponse } from 'msw';
import nl from '../../public/assets/i18n/nl.json';
import { LanguageSelector } from '@/preferences/LanguageSelector';
import { LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { server } from '../../tests/msw-server';
import { renderWithProviders } from '../../tests/render-with-providers';

afterEach(async () => {
  cleanup(); // before switching back, which would re-render the selector
  await i18n.changeLanguage('en');
  i18n.removeResourceBundle('nl', 'translation');
  window.localStorage.clear();
});

describe('LanguageSelector', () => {
  it('shows the current language and offers each by its own name', async () => {
    renderWithProviders(<LanguageSelector />);

    const toggle = screen.getByRole('button', { name: 'Language' });
    expect(toggle).toHaveTextContent('en');
    expect(toggle).toHaveTextContent('English');

    await userEvent.click(toggle);

    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'English',
      'Nederlands',
      'Deutsch',
      'Italiano',
      'Español',
      'Français',
    ]);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'English' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(screen.getByRole('menuitem', { name: 'Nederlands' })).toHaveAttribute('lang', 'nl');
    for (const item of items) expect(item).not.toHaveAttribute('aria-selected');
  });

  it('switches the interface to the chosen language', async () => {
    server.use(http.get('/assets/i18n/nl.json', () => HttpResponse.json(nl)));
    const { store } = renderWithProviders(<LanguageSelector />);

    await userEvent.click(screen.getByRole('button', { name: 'Language' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Nederlands' }));

    const toggle = await screen.findByRole('button', { name: 'Taal' });
    expect(toggle).toHaveTextContent('Nederlands');
    expect(store.getState().language.current).toBe('nl');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('nl');
    expect(document.documentElement.lang).toBe('nl');
  });
});
