import { captionCues } from '#shared/captions';
import { slideDurationMs } from '#shared/slide-timing';
import { plainText } from '#shared/step-markup';

/**
 * The narrated video's timeline, from a guide: an intro card, one segment per slide and an outro
 * card, each a whole number of frames; per slide the zoom towards the click, the captions and
 * the voiceover. Pure: the MP4 renderer draws it, the tests read it.
 */
export const FPS = 30;
export const INTRO_MS = 3_000;
export const OUTRO_MS = 2_500;
/** a dip through the background between segments: this long out, this long in */
export const FADE_MS = 250;
/** as in the player: the whole screen first, then the zoom towards the click */
export const ZOOM_DELAY_MS = 450;
export const ZOOM_MS = 1_100;

export interface TimelineWord {
  startMs: number;
  endMs: number;
  text: string;
}

export interface TimelineSlide {
  id: string;
  /** the screenshot's pixel size; null without a screenshot */
  size: { width: number; height: number } | null;
  /** in screenshot pixels */
  click: { x: number; y: number } | null;
  /** effective (the slide's override or the guide's default) */
  zoomLevel: number;
  highlight: boolean;
  text: string | null;
  narration: string | null;
  audioDurationMs: number | null;
  /** the voiceover's word timings, when the narration engine gave them */
  words: readonly TimelineWord[] | null;
}

/** The zoom of a slide: scale 1 → `scale` around `origin` (fractions of the screenshot), eased. */
export interface ZoomPath {
  origin: { x: number; y: number };
  scale: number;
  /** from the segment's start */
  startMs: number;
  endMs: number;
}

export interface Cue {
  /** from the video's start */
  startMs: number;
  endMs: number;
  /** the lines joined by a space */
  text: string;
  /** one or two balanced lines, as every caption shows them */
  lines: string[];
}

export interface Segment {
  kind: 'intro' | 'slide' | 'outro';
  /** the slide's position in the guide (0-based); -1 for the cards */
  index: number;
  slide: TimelineSlide | null;
  startFrame: number;
  frames: number;
  startMs: number;
  durationMs: number;
  zoom: ZoomPath | null;
  /** the highlight ring appears at the click once zoomed */
  ring: { x: number; y: number } | null;
  cues: Cue[];
  /** the voiceover plays from the segment's start */
  hasAudio: boolean;
}

export interface Timeline {
  fps: number;
  frames: number;
  durationMs: number;
  segments: Segment[];
  cues: Cue[];
}

const framesOf = (ms: number) => Math.max(1, Math.round((ms * FPS) / 1000));
const msOf = (frames: number) => (frames * 1000) / FPS;

/** Ease in and out (cubic), as the player's transition: 0 → 1 over t in 0..1. */
export function easeInOut(t: number): number {
  const x = Math.min(1, Math.max(0, t));
  return x < 0.5 ? 4 * x * x * x : 1 - (-2 * x + 2) ** 3 / 2;
}

/** The zoom's scale at a time from the segment's start. */
export function scaleAt(zoom: ZoomPath, ms: number): number {
  return 1 + (zoom.scale - 1) * easeInOut((ms - zoom.startMs) / (zoom.endMs - zoom.startMs));
}

export function zoomOf(slide: TimelineSlide): ZoomPath | null {
  const { click, size } = slide;
  if (!click || !size || size.width <= 0 || size.height <= 0) return null;
  const scale = Math.max(1, slide.zoomLevel);
  const origin = { x: Math.min(1, Math.max(0, click.x / size.width)), y: Math.min(1, Math.max(0, click.y / size.height)) };
  return { origin, scale, startMs: ZOOM_DELAY_MS, endMs: ZOOM_DELAY_MS + ZOOM_MS };
}

/** The video never enlarges a capture's own pixels more than this: past it, it zooms less. */
export const MAX_UPSCALE = 1.5;

export interface ZoomFraming {
  /** the zoom actually used: the slide's, less where it would enlarge the capture past MAX_UPSCALE */
  scale: number;
  /** the point of the frame that stays put while zooming (the renderer zooms around it) */
  fixed: { x: number; y: number };
  /** where the click is on screen once zoomed */
  ring: { x: number; y: number };
}

/**
 * How the video zooms a screenshot drawn at `rect` in the frame towards `click` (frame pixels):
 * as the player does, around the click, but the zoomed window slides back inside the screenshot
 * when the click is near its edge (never the brand fill beside it), and the zoom stops at
 * MAX_UPSCALE times the capture's own pixels.
 */
export function zoomFraming(
  rect: { x: number; y: number; width: number; height: number },
  frame: { width: number; height: number },
  click: { x: number; y: number },
  scale: number,
  capture: { width: number; height: number },
): ZoomFraming {
  const s = Math.max(1, Math.min(scale, (MAX_UPSCALE * capture.width) / rect.width, (MAX_UPSCALE * capture.height) / rect.height));
  if (s <= 1.001) return { scale: 1, fixed: click, ring: click };
  const axis = (p: number, start: number, length: number, full: number) => {
    const window = full / s;
    const around = p - p / s;
    const from =
      window <= length ? Math.min(start + length - window, Math.max(start, around)) : Math.min(full - window, Math.max(0, start + length / 2 - window / 2));
    return { fixed: (from * s) / (s - 1), ring: (p - from) * s };
  };
  const x = axis(click.x, rect.x, rect.width, frame.width);
  const y = axis(click.y, rect.y, rect.height, frame.height);
  return { scale: s, fixed: { x: x.fixed, y: y.fixed }, ring: { x: x.ring, y: y.ring } };
}

/** Caption cues of one slide, relative to its start: the shared cue split (shared/captions.ts), timed from its word timings. */
export function slideCues(slide: TimelineSlide, durationMs: number): Array<{ startMs: number; endMs: number; text: string; lines: string[] }> {
  const clamp = (ms: number) => Math.min(durationMs, Math.max(0, ms));
  return captionCues(slide.narration, slide.words, durationMs)
    .map((cue, i, all) => ({ startMs: clamp(cue.startMs), endMs: i === all.length - 1 ? durationMs : clamp(cue.endMs), text: cue.text, lines: cue.lines }))
    .filter((cue) => cue.endMs > cue.startMs);
}

/** The step text as the video shows it, without its bold markup. */
export function stepCaption(slide: TimelineSlide): string {
  return plainText(slide.text ?? '').trim();
}

/** After a card's voice, this much of the card stays before the next segment. */
export const CARD_VOICE_TAIL_MS = 500;

/** A card's length: its own, or longer when its voiceover needs it. */
const cardMs = (ownMs: number, audioMs: number | null | undefined) => (audioMs && audioMs > 0 ? Math.max(ownMs, audioMs + CARD_VOICE_TAIL_MS) : ownMs);

/** `cards`: the length of each card's voiceover, when the cards are voiced. */
export function buildTimeline(slides: readonly TimelineSlide[], cards: { introAudioMs?: number | null | undefined; outroAudioMs?: number | null | undefined } = {}): Timeline {
  const segments: Segment[] = [];
  let frame = 0;
  const push = (segment: Omit<Segment, 'startFrame' | 'startMs' | 'durationMs' | 'cues'>, cues: (startMs: number, durationMs: number) => Cue[]) => {
    const startMs = msOf(frame);
    const durationMs = msOf(segment.frames);
    segments.push({ ...segment, startFrame: frame, startMs, durationMs, cues: cues(startMs, durationMs) });
    frame += segment.frames;
  };
  push({ kind: 'intro', index: -1, slide: null, frames: framesOf(cardMs(INTRO_MS, cards.introAudioMs)), zoom: null, ring: null, hasAudio: !!cards.introAudioMs }, () => []);
  slides.forEach((slide, index) => {
    const frames = framesOf(slideDurationMs({ text: slide.text, narration: slide.narration, audioDurationMs: slide.audioDurationMs }));
    const zoom = zoomOf(slide);
    push(
      {
        kind: 'slide',
        index,
        slide,
        frames,
        zoom,
        ring: zoom && slide.highlight ? zoom.origin : null,
        hasAudio: !!slide.audioDurationMs && slide.audioDurationMs > 0,
      },
      (startMs, durationMs) =>
        slideCues(slide, durationMs).map((cue) => ({ ...cue, startMs: startMs + cue.startMs, endMs: startMs + cue.endMs })),
    );
  });
  push({ kind: 'outro', index: -1, slide: null, frames: framesOf(cardMs(OUTRO_MS, cards.outroAudioMs)), zoom: null, ring: null, hasAudio: !!cards.outroAudioMs }, () => []);
  return { fps: FPS, frames: frame, durationMs: msOf(frame), segments, cues: segments.flatMap((s) => s.cues) };
}
