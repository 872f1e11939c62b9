import { MutationCache, QueryClient } from '@tanstack/react-query';

export interface QueryClientOptions {
  /** The default feedback for a failed mutation that has no `onError` of its own (spec §8). */
  onMutationError?: (error: unknown) => void;
}

export function createQueryClient({ onMutationError }: QueryClientOptions = {}): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _onMutateResult, mutation) => {
        // A mutation with its own onError owns its feedback (e.g. checkout's specific message).
        if (mutation.options.onError) return;
        onMutationError?.(error);
      },
    }),
    defaultOptions: {
      queries: {
        // Loaders fill the cache just before a page renders; a minute avoids refetching it at once
        // on mount while keeping what people see recent. Queries that must never be cached
        // (subscription details) set staleTime and gcTime 0 themselves.
        staleTime: 60_000,
        // A page's data that fails shows the error screen at once, where the person chooses to
        // 'Try Again' (spec §2); a query that must retry by itself (the subscription
        // confirmation) says so.
        retry: false,
        refetchOnWindowFocus: false,
      },
    },
  });
}
