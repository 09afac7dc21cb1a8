import type { ReactNode } from 'react';

import { AuthProvider } from '@/lib/auth-provider';

/** App-wide context; tests wrap their routers in the same provider. */
export function AppProvider({ children }: { readonly children: ReactNode }) {
  return <AuthProvider>{children}</AuthProvider>;
}
