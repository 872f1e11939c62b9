import { z } from 'zod';
import { WordTiming } from '#shared/narration';
import type { FolderDto, GuideDto, GuideListDto, GuideSummaryDto, SlideDto, UploadDto } from '#shared/guides';

/**
 * The answers of /api/guides and /api/folders, typed by the shared contract so that a change
 * there breaks the build here. Query keys are hierarchical: invalidating `['guides', 'list']`
 * refreshes recents, every folder and every search; `['guides', 'detail', id]` is one guide.
 */
export const Slide: z.ZodType<SlideDto> = z.object({
  id: z.string(),
  order: z.number(),
  title: z.string().nullable(),
  text: z.string().nullable(),
  narration: z.string().nullable(),
  screenshotKey: z.string().nullable(),
  screenshotUrl: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  click: z.object({ x: z.number(), y: z.number() }).nullable(),
  zoomLevel: z.number().nullable(),
  isHighlightVisible: z.boolean().nullable(),
  audioUrl: z.string().nullable(),
  audioDurationMs: z.number().nullable(),
  words: z.array(WordTiming),
  audioStale: z.boolean(),
  edited: z.boolean(),
  needsText: z.boolean(),
});

const summaryShape = {
  id: z.string(),
  title: z.string(),
  folderId: z.string().nullable(),
  status: z.enum(['draft', 'published']),
  visibility: z.enum(['public', 'private']),
  slideCount: z.number(),
  thumbnailUrl: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const GuideSummary: z.ZodType<GuideSummaryDto> = z.object(summaryShape);

export const Guide: z.ZodType<GuideDto> = z.object({
  ...summaryShape,
  zoomLevel: z.number(),
  isHighlightVisible: z.boolean(),
  voiceId: z.string().nullable(),
  speechRate: z.number(),
  language: z.string(),
  intro: z.string().nullable(),
  outro: z.string().nullable(),
  voiceoverJobId: z.string().nullable(),
  revision: z.number(),
  slides: z.array(Slide),
});

export const GuideList: z.ZodType<GuideListDto> = z.object({ items: z.array(GuideSummary), nextCursor: z.string().nullable() });

export const Folder: z.ZodType<FolderDto> = z.object({ id: z.string(), name: z.string(), createdAt: z.string(), updatedAt: z.string() });

export const Upload: z.ZodType<UploadDto> = z.object({ url: z.string().url(), fields: z.record(z.string(), z.string()), key: z.string() });

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
  subscription: ['guides', 'subscription'] as const,
};

export const folderQueryKeys = {
  all: ['folders'] as const,
  list: ['folders', 'list'] as const,
};
