/**
 * The query keys of guides, folders and translations: the one cache contract between the guides,
 * translation, narration and drift features (a translation changes what a guide has to publish;
 * publishing refreshes the translations). Keys are hierarchical: invalidating `['guides', 'list']`
 * refreshes recents, every folder and every search; `['guides', 'detail', id]` is one guide.
 */

/** Which guides a list shows: recents (no folder), one folder, and a title search in either. */
export interface GuideFilters {
  folderId?: string | undefined;
  q?: string | undefined;
}

export const guideQueryKeys = {
  all: ['guides'] as const,
  lists: ['guides', 'list'] as const,
  list: (filters: GuideFilters) => ['guides', 'list', { folderId: filters.folderId ?? null, q: filters.q?.trim() ?? '' }] as const,
  details: ['guides', 'detail'] as const,
  detail: (id: string) => ['guides', 'detail', id] as const,
  /** the design view's saves of one guide: the saving indicator counts them */
  save: (id: string) => ['guides', 'save', id] as const,
  /**
   * Saves of one guide run one after the other (a mutation scope): two quick moves of a step
   * must reach the server in the order they were made.
   */
  saveScope: (id: string) => ({ id: `guides-save-${id}` }),
};

export const folderQueryKeys = {
  all: ['folders'] as const,
  list: ['folders', 'list'] as const,
};

export const translationQueryKeys = {
  list: (guideId: string) => ['guides', 'translations', guideId] as const,
  detail: (guideId: string, language: string) => ['guides', 'translations', guideId, language] as const,
};
