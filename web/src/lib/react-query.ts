import { MutationCache, QueryClient, type UseMutationOptions } from '@tanstack/react-query';

export interface QueryClientOptions {
  /** The default feedback for a failed mutation that has no `onError` of its own (product-spec.md §8). */
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
        // 'Try Again' (product-spec.md §2); a query that must retry by itself (the subscription
        // confirmation) says so.
        retry: false,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the constraint accepts any API function; the types below stay exact */
export type ApiFn = (...args: any[]) => Promise<any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/** What an API function resolves to. */
export type ApiFnReturnType<F extends ApiFn> = Awaited<ReturnType<F>>;

/**
 * The options a `useX` mutation hook accepts besides its own: a form passes `onError` to show
 * the failure inline, which also turns the default toast off (see `createQueryClient`).
 */
export type MutationConfig<F extends ApiFn> = Omit<
  UseMutationOptions<ApiFnReturnType<F>, Error, Parameters<F>[0]>,
  'mutationFn'
>;
