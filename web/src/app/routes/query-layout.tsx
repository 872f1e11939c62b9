import { Outlet } from 'react-router';
import { AppQueryProvider } from '#web/lib/app-query-client';

/**
 * The routes that read and write data through React Query (sign-in, the private area, the share
 * pages) sit under this pathless layout, which provides the query client; the public pages
 * outside it load without React Query.
 */
export default function QueryLayout() {
  return (
    <AppQueryProvider>
      <Outlet />
    </AppQueryProvider>
  );
}
