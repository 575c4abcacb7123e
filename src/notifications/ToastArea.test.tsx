import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authNoticeRaised } from '@/store/authActions';
import { httpNoticeRaised, notify } from '@/notifications/notificationsSlice';
import { ToastArea } from '@/notifications/ToastArea';
import { makeStore, renderWithProviders } from '../../tests/render-with-providers';

describe('ToastArea', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows errors as alerts and good news as status messages, translated', () => {
    const store = makeStore();
    renderWithProviders(<ToastArea />, { store });

    act(() => {
      store.dispatch(httpNoticeRaised('insufficient_permissions'));
      store.dispatch(authNoticeRaised('session_refreshed'));
    });

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Access Denied');
    expect(alert).toHaveTextContent('You do not have permission to access this resource.');
    expect(alert).toHaveAttribute('aria-live', 'assertive');
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Session Refreshed');
    expect(status).toHaveAttribute('aria-live', 'polite');
  });

  it('fills in placeholder values', () => {
    const store = makeStore();
    store.dispatch(notify.info('app.name', 'dashboard.welcome', { values: { name: 'Mark' } }));
    renderWithProviders(<ToastArea />, { store });

    expect(screen.getByRole('status')).toHaveTextContent('Welcome, Mark');
  });

  it('closes each notification after its own time', () => {
    vi.useFakeTimers();
    const store = makeStore();
    renderWithProviders(<ToastArea />, { store });
    act(() => {
      store.dispatch(notify.success('app.name', 'app.loading'));
      store.dispatch(notify.error('app.name', 'app.reload'));
    });

    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(store.getState().notifications.items).toEqual([]);
  });

  it('keeps a persistent notification until its close button is pressed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const store = makeStore();
    renderWithProviders(<ToastArea />, { store });
    act(() => {
      store.dispatch(httpNoticeRaised('network_error'));
    });

    act(() => vi.advanceTimersByTime(60_000));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      'Unable to connect to the server. Please check your internet connection.',
    );

    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    await user.click(within(alert).getByRole('button', { name: 'Close' }));

    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(store.getState().notifications.items).toEqual([]);
  });
});
