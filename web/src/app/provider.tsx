import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { toast, Toaster } from '../components/ui/toast';
import { createQueryClient } from '../lib/react-query';

/** Spec §8: any failed mutation without its own handling says so. */
export const MUTATION_ERROR_MESSAGE = 'Something went wrong';

export function createAppQueryClient(): QueryClient {
  return createQueryClient({ onMutationError: () => toast.error(MUTATION_ERROR_MESSAGE) });
}

export interface AppProviderProps {
  children: ReactNode;
  /** a client made ahead, when the router's loaders need it before the first render (hydration) */
  queryClient?: QueryClient;
}

export function AppProvider({ children, queryClient: given }: AppProviderProps) {
  const [queryClient] = useState(() => given ?? createAppQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
