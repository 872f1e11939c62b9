import { queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { CheckStartedDto, DriftCheckDto, GuideHealthDto, GuideHealthList, type CheckSchedule, type GuideHealth } from '#shared/drift';
import { api } from '#web/lib/api-client';
import { guideQueryKeys } from '#web/lib/query-keys';

/** While a check runs, it is read again this often: its steps appear as they are replayed. */
export const CHECK_POLL_MS = 1_000;

const LatestCheck = z.object({ check: DriftCheckDto.nullable() });

export const driftQueryKeys = {
  latest: (guideId: string) => ['guides', 'checks', guideId] as const,
  health: (ids: readonly string[]) => ['guides', 'health', [...ids].sort()] as const,
};

const active = (check: DriftCheckDto | null | undefined) => check?.state === 'queued' || check?.state === 'running';

/** GET /api/guides/{id}/checks/latest: the newest check of a guide, polled while it runs. */
export function useLatestCheck(guideId: string) {
  return useQuery(
    queryOptions({
      queryKey: driftQueryKeys.latest(guideId),
      queryFn: async ({ signal }) => (await api.get(`/api/guides/${encodeURIComponent(guideId)}/checks/latest`, LatestCheck, signal)).check,
      // Fresh screenshot links of a private guide are short-lived: read again when shown again.
      staleTime: 0,
      refetchInterval: (query) => (active(query.state.data) ? CHECK_POLL_MS : false),
    }),
  );
}

/** POST /api/guides/{id}/checks: starts a check (or answers the one under way). */
export function useStartCheck(guideId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(`/api/guides/${encodeURIComponent(guideId)}/checks`, {}, CheckStartedDto),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: driftQueryKeys.latest(guideId) }),
  });
}

/** POST …/checks/{checkId}/steps/{slideId}/apply: the slide takes the step's fresh screenshot. */
export function useApplyFreshScreenshot(guideId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ checkId, slideId }: { checkId: string; slideId: string }) =>
      api.post(`/api/guides/${encodeURIComponent(guideId)}/checks/${encodeURIComponent(checkId)}/steps/${encodeURIComponent(slideId)}/apply`, {}, z.unknown()),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: driftQueryKeys.latest(guideId) }),
        queryClient.invalidateQueries({ queryKey: guideQueryKeys.detail(guideId) }),
      ]),
  });
}

/** PATCH /api/guides/{id}/check-schedule */
export function useSetCheckSchedule(guideId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (schedule: CheckSchedule) => api.patch(`/api/guides/${encodeURIComponent(guideId)}/check-schedule`, { schedule }, GuideHealthDto),
    onSuccess: (health) => queryClient.setQueryData(driftQueryKeys.health([guideId]), { items: [health] }),
  });
}

export function getHealthQueryOptions(ids: readonly string[]) {
  return queryOptions({
    queryKey: driftQueryKeys.health(ids),
    queryFn: ({ signal }) => api.get(`/api/guides/health?ids=${ids.map(encodeURIComponent).join(',')}`, GuideHealthList, signal),
    staleTime: 60_000,
  });
}

/** A guide's schedule and health (the design view). */
export function useGuideHealth(guideId: string) {
  return useQuery({ ...getHealthQueryOptions([guideId]), select: (list) => list.items[0] });
}

/** The health of the guides on the cards, by id (only guides ever checked have one); one request per page of cards. */
export function useGuidesHealth(pages: ReadonlyArray<ReadonlyArray<{ id: string }>>): ReadonlyMap<string, GuideHealth> {
  const results = useQueries({
    queries: pages.filter((page) => page.length > 0).map((page) => getHealthQueryOptions(page.map((guide) => guide.id))),
  });
  return new Map(results.flatMap((result) => result.data?.items ?? []).flatMap((item) => (item.health ? [[item.guideId, item.health] as const] : [])));
}
