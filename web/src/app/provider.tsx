import type { ReactNode } from 'react';
import { Toaster } from '#web/components/ui/toast';

/**
 * What every page has around the router: the toasts. The query client is provided by the routes
 * that use it (routes/query-layout.tsx), so that the public pages load without React Query.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Toaster />
    </>
  );
}
