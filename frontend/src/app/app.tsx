import { createBrowserRouter, RouterProvider } from 'react-router-dom';

import { createQueryClient } from '@/lib/query-client';

import { AppProvider } from './provider';
import { routes } from './router';

const router = createBrowserRouter(routes);
const queryClient = createQueryClient();

export function App() {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
