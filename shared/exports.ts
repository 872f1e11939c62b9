import * as z from 'zod';
import { GuidePath } from './guides';

/**
 * The exports API contract (/api/guides/{id}/exports, /api/exports/{id}): a guide leaves the
 * product as a narrated MP4 video, a PDF, a Markdown zip or one self-contained HTML file.
 */
export const EXPORT_FORMATS = ['mp4', 'pdf', 'markdown', 'html'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];

/** What people call each format, in menus, lists and messages. */
export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = {
  mp4: 'Video (MP4)',
  pdf: 'PDF',
  markdown: 'Markdown (.zip)',
  html: 'HTML page',
};

/** The file each format downloads as, after the guide's title slug. */
export const EXPORT_EXTENSIONS: Record<ExportFormat, string> = { mp4: 'mp4', pdf: 'pdf', markdown: 'zip', html: 'html' };

export const VIDEO_RESOLUTIONS = { '1080p': { width: 1920, height: 1080 }, '720p': { width: 1280, height: 720 } } as const;
export type VideoResolution = keyof typeof VIDEO_RESOLUTIONS;

export const Mp4Options = z
  .object({
    resolution: z.enum(['1080p', '720p']).default('1080p'),
    /** the narration drawn into the picture; the soft subtitle track and the .vtt come either way */
    burnCaptions: z.boolean().default(true),
  })
  .strict();

/** Per step: the full screenshot and a zoomed crop around the click (the default), or one of them. */
export const PDF_PICTURES = ['both', 'full', 'zoomed'] as const;

export const PdfOptions = z.object({ pageSize: z.enum(['a4', 'letter']).default('a4'), pictures: z.enum(PDF_PICTURES).default('both') }).strict();

export const MarkdownOptions = z.object({}).strict();

export const HtmlOptions = z
  .object({
    /** each step's voiceover inline, playable with no network */
    audio: z.boolean().default(true),
  })
  .strict();

export const CreateExportBody = z.discriminatedUnion(
  'format',
  [
    z.object({ format: z.literal('mp4'), options: Mp4Options.prefault({}) }).strict(),
    z.object({ format: z.literal('pdf'), options: PdfOptions.prefault({}) }).strict(),
    z.object({ format: z.literal('markdown'), options: MarkdownOptions.prefault({}) }).strict(),
    z.object({ format: z.literal('html'), options: HtmlOptions.prefault({}) }).strict(),
  ],
  { error: `Choose a format: ${EXPORT_FORMATS.join(', ')}.` },
);
export type CreateExportBody = z.input<typeof CreateExportBody>;
/** A request once parsed: every option has its value. */
export type ExportRequest = z.output<typeof CreateExportBody>;
export type ExportOptions = ExportRequest['options'];
export type Mp4ExportOptions = z.output<typeof Mp4Options>;
export type PdfExportOptions = z.output<typeof PdfOptions>;
export type HtmlExportOptions = z.output<typeof HtmlOptions>;

export const ExportId = z.string().regex(/^[A-Za-z0-9]{21}$/, 'Not a valid export id.');
export const ExportPath = z.object({ id: ExportId });
export const GuideExportsPath = GuidePath;

export const ExportDto = z.object({
  id: z.string(),
  guideId: z.string(),
  format: z.enum(EXPORT_FORMATS),
  options: z.record(z.string(), z.unknown()),
  state: z.enum(EXPORT_STATES),
  /** 0..1 */
  progress: z.number(),
  /** what went wrong, when `failed` */
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** the file's size, when `done` */
  bytes: z.number().nullable(),
  /** the file's name (the title's slug), when `done` */
  fileName: z.string().nullable(),
  /** a short-lived signed link that downloads the file, when `done` */
  downloadUrl: z.string().nullable(),
  /** the MP4's captions as WebVTT, beside the video */
  subtitlesUrl: z.string().nullable(),
  /** the same captions as SubRip (.srt) */
  subtitlesSrtUrl: z.string().nullable().default(null),
  /**
   * while `queued` behind the organisation's other exports (a few run at a time): its place in
   * their line, 1 for the next to start; null once it is on its way
   */
  queuePosition: z.number().int().positive().nullable().default(null),
});
export type ExportDto = z.infer<typeof ExportDto>;

export const ExportListDto = z.object({ items: z.array(ExportDto) });
export type ExportListDto = z.infer<typeof ExportListDto>;

/** A short label of an export's options for lists ("720p", "Letter"); empty when there is nothing to say. */
export function exportOptionsLabel(format: ExportFormat, options: Record<string, unknown>): string {
  if (format === 'mp4') {
    const parts = [typeof options.resolution === 'string' ? options.resolution : '1080p'];
    if (options.burnCaptions === false) parts.push('no burned-in captions');
    return parts.join(', ');
  }
  if (format === 'pdf') return options.pageSize === 'letter' ? 'Letter' : 'A4';
  if (format === 'html') return options.audio === false ? 'without audio' : 'with audio';
  return '';
}

export function isActiveExport(state: ExportState): boolean {
  return state === 'queued' || state === 'running';
}
