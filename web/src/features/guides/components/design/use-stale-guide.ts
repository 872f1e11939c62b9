import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { GuideDto } from '#shared/guides';
import { isApiError } from '#web/lib/api-error';
import { trackRevision } from '../../api/guide-revision';
import { guideQueryKeys } from '../../api/guide-schemas';

/**
 * Whole-guide writes (publish, discard, restore a version) carry the revision this page shows;
 * one refused because the guide changed elsewhere brings the latest version and says so: true
 * until the author dismisses it.
 */
export function useStaleGuide(guideId: string, current: () => GuideDto | undefined): [stale: boolean, dismiss: () => void] {
  const queryClient = useQueryClient();
  const [stale, setStale] = useState(false);
  useEffect(() => trackRevision(guideId, current()?.revision), [guideId, current]);
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        const { mutation } = event;
        if (event.type !== 'updated' || !mutation || mutation.state.status !== 'error') return;
        const key = mutation.options.mutationKey;
        if (!key || JSON.stringify(key) !== JSON.stringify(guideQueryKeys.save(guideId))) return;
        const error: unknown = mutation.state.error;
        // A field refused per field (error.current) is the field's own business (design-fields.tsx).
        if (!isApiError(error) || error.code !== 'precondition_failed' || error.current) return;
        setStale(true);
        void queryClient.invalidateQueries({ queryKey: guideQueryKeys.detail(guideId) });
      }),
    [queryClient, guideId],
  );
  return [stale, () => setStale(false)];
}
