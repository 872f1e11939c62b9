import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { toast, Toaster } from '../components/ui/toast';
import { createQueryClient } from '../lib/react-query';

/** Spec §8: any failed mutation without its own handling says so. */
export const MUTATION_ERROR_MESSAGE = 'Something went wrong';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => createQueryClient({ onMutationError: () => toast.error(MUTATION_ERROR_MESSAGE) }));
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
