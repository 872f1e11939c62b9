import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiFn, ApiFnReturnType, MutationConfig } from '#web/lib/react-query';
import { savingElsewhere } from './guide-cache';
import { guideQueryKeys } from './guide-schemas';

/**
 * A step's delete, duplicate or restore, in the guide's save queue (one at a time, in order).
 * After it the guide is fetched again once no other save of it waits (the server placed or
 * removed a step the page only guessed at), and the lists always (their step counts).
 * `awaitRefresh`: the caller's `onSettled` sees the refetched guide (a new step to select).
 */
export function useSlideSave<F extends ApiFn>(
  guideId: string,
  save: F,
  { awaitRefresh = false, mutationConfig }: { awaitRefresh?: boolean; mutationConfig?: MutationConfig<F> | undefined } = {},
) {
  const queryClient = useQueryClient();
  const { onSettled, ...config } = mutationConfig ?? {};
  return useMutation<ApiFnReturnType<F>, Error, Parameters<F>[0]>({
    ...config,
    mutationKey: guideQueryKeys.save(guideId),
    scope: guideQueryKeys.saveScope(guideId),
    mutationFn: (variables) => save(variables) as Promise<ApiFnReturnType<F>>,
    onSettled: async (data, error, variables, onMutateResult, context) => {
      if (!savingElsewhere(queryClient, guideId)) {
        const refresh = queryClient.invalidateQueries({ queryKey: guideQueryKeys.detail(guideId) });
        if (awaitRefresh) await refresh;
      }
      void queryClient.invalidateQueries({ queryKey: guideQueryKeys.lists });
      await onSettled?.(data, error, variables, onMutateResult, context);
    },
  });
}
