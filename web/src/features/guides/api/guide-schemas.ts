import { z } from 'zod';
import { FolderDto, GuideDto, GuideListDto, SlideDto, UploadDto } from '#shared/guides';

/**
 * The answers of /api/guides and /api/folders are the shared contract's schemas, under the names
 * this feature reads them by. Query keys are hierarchical: invalidating `['guides', 'list']`
 * refreshes recents, every folder and every search; `['guides', 'detail', id]` is one guide.
 */
export const Slide = SlideDto;
export const Guide = GuideDto;
export const GuideList = GuideListDto;
export const Folder = FolderDto;
export const Upload = UploadDto;

/** A 204 answer. */
export const NoContent = z.unknown();

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
