import * as z from 'zod';
import { Annotation, Annotations } from './annotations';
import { CaptureMeta } from './capture';
import { Language, SpeechRate, VoiceId, WordTiming } from './narration';
import { safeText } from './text';
import { GUIDE_ID_LENGTH } from './share/link';
import { IntroCard, OutroCard } from './guide-cards';
import { GuideBase, SlideBase, checkBaseFields } from './revision';
import { SENSITIVE_TEXT_KINDS } from './redaction';

/**
 * The guides API contract (/api/guides, /api/folders): bodies parsed by handlers, validated by
 * the SPA's forms, listed in the OpenAPI document, and the answers' shapes.
 */
export const MAX_SCREENSHOT_BYTES = 10 * 1024 * 1024;
/**
 * A screenshot's largest pixel count and side, read from its header before anything decodes it:
 * an 8K display's full frame fits; a decompression bomb (a few KB of PNG that would decode to
 * gigabytes) is refused. sharp's own default limit (about 268 megapixels) is far too high.
 */
export const MAX_SCREENSHOT_PIXELS = 40_000_000;
export const MAX_SCREENSHOT_SIDE = 16_384;
export const SCREENSHOT_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ScreenshotContentType = (typeof SCREENSHOT_CONTENT_TYPES)[number];
export { DEFAULT_HIGHLIGHT_VISIBLE, DEFAULT_ZOOM_LEVEL } from './guide-defaults';
export const MIN_ZOOM_LEVEL = 1;
export const MAX_ZOOM_LEVEL = 4;
export const GUIDES_PAGE_SIZE = 24;

const Id = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'Not a valid id.');
export const GuideId = z.string().regex(new RegExp(`^[A-Za-z0-9]{${GUIDE_ID_LENGTH}}$`), 'Not a valid guide id.');
export const SlideId = Id;
export const FolderId = Id;

export const GuideTitle = safeText().trim().min(1, 'Enter a title.').max(200, 'Use at most 200 characters.');
export const FolderName = safeText().trim().min(1, 'Enter a name.').max(100, 'Use at most 100 characters.');
export const ZoomLevel = z.number().min(MIN_ZOOM_LEVEL).max(MAX_ZOOM_LEVEL);
export const ClickPoint = z.object({ x: z.number().min(0).max(100_000), y: z.number().min(0).max(100_000) }).strict();
/** A step's text, title, and the guide's intro and outro lines (the design view says it before it bites). */
export const MAX_STEP_TEXT_LENGTH = 2_000;
const SlideTextField = safeText({ multiline: true }).max(MAX_STEP_TEXT_LENGTH, 'Use at most 2,000 characters.');
/** A narration may run long (a step explained at length); the voice engines split it at sentence ends. */
export const MAX_NARRATION_LENGTH = 5_000;
const NarrationField = safeText({ multiline: true }).max(MAX_NARRATION_LENGTH, 'Use at most 5,000 characters.');

export const GuidePath = z.object({ id: GuideId });
export const SlidePath = z.object({ id: GuideId, slideId: SlideId });
export const FolderPath = z.object({ id: FolderId });

export const ListGuidesQuery = z.object({
  folderId: FolderId.optional(),
  q: z.string().trim().max(100).optional(),
  cursor: z.string().max(2_000).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(GUIDES_PAGE_SIZE),
});

export const CreateGuideBody = z
  .object({
    title: GuideTitle,
    folderId: FolderId.optional(),
    /** the title is a placeholder (capture's page title): the smart transcript may replace it with one from the task */
    autoTitle: z.boolean().optional(),
  })
  .strict();

export const UpdateGuideBody = z
  .object({
    title: GuideTitle.optional(),
    folderId: FolderId.nullable().optional(),
    zoomLevel: ZoomLevel.optional(),
    isHighlightVisible: z.boolean().optional(),
    visibility: z.enum(['public', 'private']).optional(),
    status: z.enum(['draft', 'published']).optional(),
    /** let search engines index the guide's share page while it is public (off by default) */
    indexable: z.boolean().optional(),
    /** the voiceover's voice (GET /api/voices), speed and language */
    voiceId: VoiceId.optional(),
    speechRate: SpeechRate.optional(),
    language: Language.optional(),
    intro: SlideTextField.optional(),
    outro: SlideTextField.optional(),
    /** the player's opening and closing cards (shared/guide-cards.ts); null removes one */
    introCard: IntroCard.nullable().optional(),
    outroCard: OutroCard.nullable().optional(),
    /** the values the edit was made from (shared/revision.ts): a field changed since is refused with 412 */
    base: GuideBase.optional(),
  })
  .strict()
  .superRefine(checkBaseFields);

export const CreateSlideBody = z
  .object({
    title: SlideTextField.optional(),
    text: SlideTextField.optional(),
    narration: NarrationField.optional(),
    screenshotKey: z.string().min(1).max(512).optional(),
    click: ClickPoint.optional(),
    order: z.number().finite().optional(),
    /** what capture recorded (already redacted): the smart transcript writes text and narration from it when they are absent */
    capture: CaptureMeta.optional(),
  })
  .strict();

export const UpdateSlideBody = z
  .object({
    title: SlideTextField.optional(),
    text: SlideTextField.optional(),
    narration: NarrationField.optional(),
    order: z.number().finite().optional(),
    /** null clears the override: the guide's default applies again */
    zoomLevel: ZoomLevel.nullable().optional(),
    isHighlightVisible: z.boolean().nullable().optional(),
    click: ClickPoint.nullable().optional(),
    /** the slide's annotations, the whole list at once (an empty list removes them) */
    annotations: Annotations.optional(),
    /** the values the edit was made from (shared/revision.ts): a field changed since is refused with 412 */
    base: SlideBase.optional(),
  })
  .strict()
  .superRefine(checkBaseFields);

export const UploadBody = z
  .object({
    contentType: z.enum(SCREENSHOT_CONTENT_TYPES, 'Use a PNG, JPEG or WebP image.'),
    contentLength: z.number().int().min(1).max(MAX_SCREENSHOT_BYTES, 'Screenshots are limited to 10 MB.'),
  })
  .strict();

export const FolderBody = z.object({ name: FolderName }).strict();

/** One slide as its guide's members see it. */
export const SlideDto = z.object({
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
  /** the slide's own overrides; null when it follows the guide */
  zoomLevel: z.number().nullable(),
  isHighlightVisible: z.boolean().nullable(),
  /** arrows, boxes, labels and badges drawn over the screenshot (shared/annotations.ts) */
  annotations: z.array(Annotation).default([]),
  /** the slide's voiceover, when it has one */
  audioUrl: z.string().nullable(),
  audioDurationMs: z.number().nullable(),
  /** when each word of the narration is spoken; empty without audio */
  words: z.array(WordTiming),
  /** the narration, voice or speed changed since the audio was made: a voiceover run redoes it */
  audioStale: z.boolean(),
  /** the author edited the text or narration: regenerating the transcript asks before overwriting */
  edited: z.boolean(),
  /** the transcript could only guess (an uploaded image with nothing captured) */
  needsText: z.boolean(),
  /** where capture saw a value typed, in screenshot pixels: the design view suggests covering it */
  /** boxes the design view suggests covering: a field typed in, and personal data capture saw (its kind) */
  redactionSuggestions: z.array(z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number(), kind: z.enum(SENSITIVE_TEXT_KINDS).optional() })).optional(),
});
export type SlideDto = z.infer<typeof SlideDto>;

export const GuideSummaryDto = z.object({
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
});
export type GuideSummaryDto = z.infer<typeof GuideSummaryDto>;

export const GuideDto = GuideSummaryDto.extend({
  zoomLevel: z.number(),
  isHighlightVisible: z.boolean(),
  /** search engines may index the share page (only ever while the guide is public and published) */
  indexable: z.boolean().default(false),
  /** null: the voice engine's default voice */
  voiceId: z.string().nullable(),
  speechRate: z.number(),
  language: z.string(),
  /** the transcript's opening and closing lines */
  intro: z.string().nullable(),
  outro: z.string().nullable(),
  introCard: IntroCard.nullable(),
  outroCard: OutroCard.nullable(),
  /** the latest voiceover job, for the design view's progress */
  voiceoverJobId: z.string().nullable(),
  /** the content's revision, which writes send back as `If-Match` (shared/revision.ts) */
  revision: z.number(),
  /** the version the share link serves (shared/versions.ts); null: never published with versions */
  publishedVersion: z.number().nullable(),
  /** the draft differs from the published version */
  hasUnpublishedChanges: z.boolean(),
  slides: z.array(SlideDto),
});
export type GuideDto = z.infer<typeof GuideDto>;

export const GuideListDto = z.object({ items: z.array(GuideSummaryDto), nextCursor: z.string().nullable() });
export type GuideListDto = z.infer<typeof GuideListDto>;

export const FolderDto = z.object({ id: z.string(), name: z.string(), createdAt: z.string(), updatedAt: z.string() });
export type FolderDto = z.infer<typeof FolderDto>;

export const FolderListDto = z.array(FolderDto);
export type FolderListDto = z.infer<typeof FolderListDto>;

/** A presigned POST of one screenshot straight to the bucket: the policy's fields, then the file. */
export const UploadDto = z.object({ url: z.url(), fields: z.record(z.string(), z.string()), key: z.string() });
export type UploadDto = z.infer<typeof UploadDto>;

/**
 * A slide's effective zoom and highlight (product-spec.md §3): its override when that has the right type,
 * otherwise the guide's default.
 */
export function effectiveZoomLevel(slide: { zoomLevel?: unknown }, guide: { zoomLevel: number }): number {
  const value = slide.zoomLevel;
  return typeof value === 'number' && Number.isFinite(value) ? value : guide.zoomLevel;
}

export function effectiveHighlight(slide: { isHighlightVisible?: unknown }, guide: { isHighlightVisible: boolean }): boolean {
  const value = slide.isHighlightVisible;
  return typeof value === 'boolean' ? value : guide.isHighlightVisible;
}
