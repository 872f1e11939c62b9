/** What every renderer is given and gives back. */
export interface RenderContext {
  /** a fresh folder of its own, removed afterwards */
  workDir: string;
  /** aborted when the export is deleted or the worker runs out of time */
  signal: AbortSignal;
  /** 0..1 of the rendering itself */
  onProgress: (progress: number) => void;
}

export interface RenderResult {
  /** the finished file in workDir */
  file: string;
  extension: string;
  /** the video's length */
  durationMs?: number;
  /** the captions as WebVTT, beside the video */
  subtitles?: string;
  /** the same captions as SubRip, for the editors and players that take only .srt */
  subtitlesSrt?: string;
}
