import { Outlet } from 'react-router-dom';

import { QueryProvider } from '@/lib/query-provider';

/** The layout of every page but the landing: they show server state, the landing shows none. */
export default function WithQueries() {
  return (
    <QueryProvider>
      <Outlet />
    </QueryProvider>
  );
}
