import * as z from 'zod';
import type { WordTiming } from '../narration';

/** GET /api/share/{id}: what every viewer of a published guide receives (no cookie needed). */
export interface SharedSlideDto {
  id: string;
  title: string | null;
  text: string | null;
  narration: string | null;
  screenshotUrl: string | null;
  width: number | null;
  height: number | null;
  click: { x: number; y: number } | null;
  /** the effective values: the slide's override when it has the right type, else the guide's default */
  zoomLevel: number;
  isHighlightVisible: boolean;
  /** the slide's voiceover, when it has one */
  audioUrl: string | null;
  audioDurationMs: number | null;
  /** when each word of the narration is spoken, for captions that follow the voice; empty without audio */
  words: WordTiming[];
}

export interface SharedGuideDto {
  id: string;
  title: string;
  organizationName: string;
  visibility: 'public' | 'private';
  updatedAt: string;
  /** the 1200×630 social preview (og:image), when one has been made */
  socialImageUrl: string | null;
  slides: SharedSlideDto[];
}

/** The fields the edge reads to write a share page's meta tags; anything else is ignored. */
export const ShareMeta = z.object({
  id: z.string(),
  title: z.string(),
  socialImageUrl: z.string().nullable(),
  slides: z.array(z.object({ screenshotUrl: z.string().nullable() })).optional(),
});

/** Social preview image size (spec §9). */
export const SOCIAL_IMAGE_WIDTH = 1200;
export const SOCIAL_IMAGE_HEIGHT = 630;
