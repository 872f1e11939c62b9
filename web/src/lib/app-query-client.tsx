import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { toast } from '#web/components/ui/toast';
import { createQueryClient } from './react-query';

/** product-spec.md §8: any failed mutation without its own handling says so. */
export const MUTATION_ERROR_MESSAGE = 'Something went wrong';

export function createAppQueryClient(): QueryClient {
  return createQueryClient({
    onMutationError: (error) => {
      // A write from a stale copy: the page that sent it (the design view) says so in place.
      if (typeof error === 'object' && error !== null && 'code' in error && error.code === 'precondition_failed') return;
      toast.error(MUTATION_ERROR_MESSAGE);
    },
  });
}

let appQueryClient: QueryClient | undefined;

/**
 * The page's one query client, made when something first needs it. React Query is not part of
 * the first load: the public pages never query (the landing page's script budget), so
 * this module is imported by the routes and the modal that do, and arrives with their code.
 */
export function getAppQueryClient(): QueryClient {
  appQueryClient ??= createAppQueryClient();
  return appQueryClient;
}

/** Provides the page's query client to what it wraps (route layouts, the subscription modal). */
export function AppQueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={getAppQueryClient()}>{children}</QueryClientProvider>;
}
