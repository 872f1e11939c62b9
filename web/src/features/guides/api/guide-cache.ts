import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { GuideDto, GuideListDto, GuideSummaryDto } from '#shared/guides';
import { isApiError } from '#web/lib/api-error';
import { guideQueryKeys } from './guide-schemas';

/**
 * Optimistic updates of the guides caches: each mutation changes what the person sees at once,
 * keeps a snapshot, and puts it back if the server refuses (its `onSettled`, so that the default
 * 'Something went wrong' toast of a mutation without `onError` still shows, product-spec.md §8).
 */
export type CacheSnapshot = ReadonlyArray<readonly [QueryKey, unknown]>;

export type GuidePages = InfiniteData<GuideListDto, string | undefined>;

/** Stops refetches of these keys (they would overwrite the optimistic data) and keeps what they hold. */
export async function takeSnapshot(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<CacheSnapshot> {
  await Promise.all(keys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  return keys.flatMap((queryKey) => queryClient.getQueriesData({ queryKey }));
}

/**
 * The fields an edit was refused over (412: someone else changed them since its base), as the
 * server holds them now; undefined for any other failure.
 */
export function conflictValues(error: unknown): Record<string, unknown> | undefined {
  return isApiError(error) && error.code === 'precondition_failed' && error.current ? error.current : undefined;
}

/** The refused fields read with the answer's own schema: only those the server named (no defaults filled in). */
export function conflictFields<T extends object>(error: unknown, schema: { safeParse: (value: unknown) => { success: true; data: T } | { success: false } }): Partial<T> | undefined {
  const raw = conflictValues(error);
  if (!raw) return undefined;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return undefined;
  return Object.fromEntries(Object.entries(parsed.data).filter(([key]) => key in raw)) as Partial<T>;
}

export function restoreSnapshot(queryClient: QueryClient, snapshot: CacheSnapshot | undefined): void {
  for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
}

export interface ListFilters {
  folderId: string | null;
  q: string;
}

function filtersOf(key: QueryKey): ListFilters {
  const filters = key[2];
  if (typeof filters === 'object' && filters !== null && 'folderId' in filters && 'q' in filters) {
    return { folderId: typeof filters.folderId === 'string' ? filters.folderId : null, q: typeof filters.q === 'string' ? filters.q : '' };
  }
  return { folderId: null, q: '' };
}

/** Rewrites the items of every cached list (recents, folders, searches), page by page. */
export function updateGuideLists(queryClient: QueryClient, update: (items: GuideSummaryDto[], filters: ListFilters) => GuideSummaryDto[]): void {
  for (const [key, data] of queryClient.getQueriesData<GuidePages>({ queryKey: guideQueryKeys.lists })) {
    if (!data) continue;
    const filters = filtersOf(key);
    queryClient.setQueryData<GuidePages>(key, { ...data, pages: data.pages.map((page) => ({ ...page, items: update(page.items, filters) })) });
  }
}

/** Applies a change to one guide wherever it is cached; a list filtered by folder drops a guide moved out of it. */
export function patchGuide(queryClient: QueryClient, id: string, change: Partial<GuideSummaryDto>): void {
  updateGuideLists(queryClient, (items, filters) =>
    items.flatMap((item) => {
      if (item.id !== id) return [item];
      const next = { ...item, ...change };
      return filters.folderId !== null && next.folderId !== filters.folderId ? [] : [next];
    }),
  );
  queryClient.setQueryData<GuideDto>(guideQueryKeys.detail(id), (guide) => (guide ? { ...guide, ...change } : guide));
}

export function removeGuideFromLists(queryClient: QueryClient, id: string): void {
  updateGuideLists(queryClient, (items) => items.filter((item) => item.id !== id));
}

/** The summary a list shows of a full guide. */
export function summaryOf({ zoomLevel: _zoom, isHighlightVisible: _highlight, slides: _slides, ...summary }: GuideDto): GuideSummaryDto {
  return summary;
}

/**
 * Whether another save of the guide is still running besides the one settling now (which counts
 * itself until its callbacks are done): its answer would be older than what the cache shows,
 * so the cache is refreshed only by the last save.
 */
export function savingElsewhere(queryClient: QueryClient, guideId: string): boolean {
  return queryClient.isMutating({ mutationKey: guideQueryKeys.save(guideId) }) > 1;
}
