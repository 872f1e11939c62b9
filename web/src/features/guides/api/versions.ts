import type { z } from 'zod';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { VersionListDto } from '#shared/versions';
import { toast } from '#web/components/ui/toast';
import { api } from '#web/lib/api-client';
import { isApiError } from '#web/lib/api-error';
import { revisionOptions } from './guide-revision';
import { Guide, guideQueryKeys } from './guide-schemas';
import { translationQueryKeys } from '#web/lib/query-keys';

/**
 * Drafts and versions (shared/versions.ts): publish the draft, discard it, list the versions and
 * restore one as the draft. Each runs in the guide's save queue after the edits before it (a
 * publish right after typing includes what was typed) and carries the revision the page shows
 * (If-Match): a refusal as stale shows the design view's "changed elsewhere" notice. `meta`
 * tells these apart from edits, which make the draft differ from what is published.
 */
export const VERSION_ACTION = { versionAction: true } as const;

export const versionQueryKeys = {
  list: (guideId: string) => ['guides', 'versions', guideId] as const,
};

const guidePath = (guideId: string) => `/api/guides/${encodeURIComponent(guideId)}`;

/** POST /api/guides/{id}/publish */
export function publishGuide({ guideId }: { guideId: string }) {
  return api.request(`${guidePath(guideId)}/publish`, { method: 'POST', body: {}, ...revisionOptions(guideId) }, Guide);
}

/** POST /api/guides/{id}/discard-draft */
export function discardDraft({ guideId }: { guideId: string }) {
  return api.request(`${guidePath(guideId)}/discard-draft`, { method: 'POST', body: {}, ...revisionOptions(guideId) }, Guide);
}

/** POST /api/guides/{id}/versions/{version}/restore */
export function restoreVersion({ guideId, version }: { guideId: string; version: number }) {
  return api.request(`${guidePath(guideId)}/versions/${version}/restore`, { method: 'POST', body: {}, ...revisionOptions(guideId) }, Guide);
}

/** GET /api/guides/{id}/versions: newest first. */
export function listVersions(guideId: string, signal?: AbortSignal) {
  return api.get(`${guidePath(guideId)}/versions`, VersionListDto, signal);
}

export function useVersions(guideId: string, enabled: boolean) {
  return useQuery({ ...queryOptions({ queryKey: versionQueryKeys.list(guideId), queryFn: ({ signal }) => listVersions(guideId, signal) }), enabled, staleTime: 0 });
}

type GuideDto = z.infer<typeof Guide>;

/** One of the version actions, whose answer (the guide as it now is) replaces the design view's copy. */
export function useVersionAction<V extends { guideId: string }>(guideId: string, action: (variables: V) => Promise<GuideDto>, onDone?: (guide: GuideDto) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: guideQueryKeys.save(guideId),
    scope: guideQueryKeys.saveScope(guideId),
    meta: VERSION_ACTION,
    mutationFn: action,
    // The design view's stale notice is the feedback for a 412; other refusals say why here.
    onError: (error) => {
      if (isApiError(error) && error.code === 'precondition_failed') return;
      toast.error(isApiError(error) ? error.message : 'Something went wrong. Please try again.');
    },
    onSuccess: (guide) => {
      queryClient.setQueryData(guideQueryKeys.detail(guideId), guide);
      void queryClient.invalidateQueries({ queryKey: versionQueryKeys.list(guideId) });
      void queryClient.invalidateQueries({ queryKey: guideQueryKeys.lists });
      // What viewers get of each language follows the version (and a restore brings its languages back).
      void queryClient.invalidateQueries({ queryKey: translationQueryKeys.list(guideId) });
      onDone?.(guide);
    },
  });
}
