import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n/i18n';

export interface AppProvidersProps {
  /** The app's data cache (persisted per user by `query/persistence.ts`, bound in main.tsx). */
  queryClient: QueryClient;
  children: ReactNode;
}

/** The context every screen relies on: the data cache and the translations. */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </I18nextProvider>
  );
}
