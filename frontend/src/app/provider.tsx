import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { AuthProvider } from '@/lib/auth-provider';

interface AppProviderProps {
  readonly queryClient: QueryClient;
  readonly children: ReactNode;
}

/** App-wide context; tests wrap their routers in the same provider, each with a fresh cache. */
export function AppProvider({ queryClient, children }: AppProviderProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
}
