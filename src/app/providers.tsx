import { StrictMode, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from '@/app/store';

interface AppProvidersProps {
  store: AppStore;
  children: ReactNode;
}

/** Everything the app runs inside; the shell's theme and notifications will join here. */
export function AppProviders({ store, children }: AppProvidersProps) {
  return (
    <StrictMode>
      <Provider store={store}>{children}</Provider>
    </StrictMode>
  );
}
