import { ANNOTATION_COLOURS, DEFAULT_ANNOTATION_COLOUR, type Annotation, type AnnotationColour } from '#shared/annotation-geometry';
import { DEFAULT_HIGHLIGHT_VISIBLE, DEFAULT_ZOOM_LEVEL } from '#shared/guide-defaults';
import type { SharedGuideDto, SharedSlideDto } from '#shared/share/shared-guide';
import { parseJson } from '#web/lib/parse-json';
import { parseSharedBrand } from '../utils/brand-style';
import { requestSharedGuide, takePrefetchedSharedGuide } from './prefetch-shared-guide';

/**
 * GET /api/share/{id}: the contract is the `SharedGuideDto` schema of `#shared/share/shared-guide`
 * (the edge and the contract test parse with it). Here the answer is checked by hand, to that
 * schema's rules and defaults (a unit test holds the two to one answer), and fetched without the
 * app's API client: the embed loads this on other sites and must stay small, and even zod's mini
 * build brings ~15 KB gzip of zod's core into the embed, which the app's chunks share. A non-OK
 * answer throws `ApiError` (`requestSharedGuide`). The query options live in
 * `shared-guide-query.ts` for the same reason: the embed has no query client.
 */
export async function getSharedGuide(id: string, signal?: AbortSignal, lang?: string): Promise<SharedGuideDto> {
  // The page prefetches the guide in its own language only.
  const body = await ((lang ? undefined : takePrefetchedSharedGuide(id)) ?? requestSharedGuide(id, signal, lang));
  return parseSharedGuide(parseJson(body));
}

/** Thrown when the answer is not a shared guide: the route shows the generic error screen. */
export class InvalidSharedGuideError extends Error {
  constructor(path: string) {
    super(`The shared guide answer is not valid at ${path}.`);
    this.name = 'InvalidSharedGuideError';
  }
}

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A required field: absent or of another type, the answer is not a shared guide. */
function field<T>(object: Json, key: string, path: string, check: (value: unknown) => value is T): T {
  const value = object[key];
  if (!check(value)) throw new InvalidSharedGuideError(`${path}.${key}`);
  return value;
}

/** A field the player can do without: absent, it takes its fallback; of another type, it fails. */
function optional<T>(object: Json, key: string, path: string, check: (value: unknown) => value is T, fallback: T): T {
  return object[key] === undefined ? fallback : field(object, key, path, check);
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const orNull =
  <T>(check: (value: unknown) => value is T) =>
  (value: unknown): value is T | null =>
    value === null || check(value);
const isVisibility = (value: unknown): value is SharedGuideDto['visibility'] => value === 'public' || value === 'private';
const isPoint = (value: unknown): value is { x: number; y: number } => isRecord(value) && isNumber(value['x']) && isNumber(value['y']);

const isLanguages = (value: unknown): value is SharedGuideDto['languages'] =>
  Array.isArray(value) && value.every((l) => isRecord(l) && isString(l['code']) && isString(l['name']));

const isWords = (value: unknown): value is SharedSlideDto['words'] =>
  Array.isArray(value) && value.every((w) => isRecord(w) && isNumber(w['startMs']) && isNumber(w['endMs']) && isString(w['text']));

const isColour = (value: unknown): value is AnnotationColour => isString(value) && Object.hasOwn(ANNOTATION_COLOURS, value);

/** One annotation, to the schema's rules: a known kind with its numbers; a colour this build does not know draws in the default. */
function parseAnnotation(value: unknown, path: string): Annotation {
  if (!isRecord(value)) throw new InvalidSharedGuideError(path);
  const id = field(value, 'id', path, isString);
  const colour = isColour(value['colour']) ? value['colour'] : DEFAULT_ANNOTATION_COLOUR;
  const num = (key: string) => field(value, key, path, isNumber);
  switch (value['kind']) {
    case 'arrow': {
      const from = field(value, 'from', path, isPoint);
      const to = field(value, 'to', path, isPoint);
      return { id, colour, kind: 'arrow', from: { x: from.x, y: from.y }, to: { x: to.x, y: to.y } };
    }
    case 'rect':
      return { id, colour, kind: 'rect', x: num('x'), y: num('y'), width: num('width'), height: num('height') };
    case 'label':
      return { id, colour, kind: 'label', x: num('x'), y: num('y'), text: field(value, 'text', path, isString) };
    case 'badge':
      return { id, colour, kind: 'badge', x: num('x'), y: num('y') };
    default:
      throw new InvalidSharedGuideError(`${path}.kind`);
  }
}

function parseSlide(value: unknown, path: string): SharedSlideDto {
  if (!isRecord(value)) throw new InvalidSharedGuideError(path);
  const nullable = <T>(key: string, check: (value: unknown) => value is T) => optional(value, key, path, orNull(check), null);
  const click = nullable('click', isPoint);
  return {
    id: field(value, 'id', path, isString),
    title: nullable('title', isString),
    text: nullable('text', isString),
    narration: nullable('narration', isString),
    screenshotUrl: nullable('screenshotUrl', isString),
    width: nullable('width', isNumber),
    height: nullable('height', isNumber),
    click: click ? { x: click.x, y: click.y } : null,
    zoomLevel: optional(value, 'zoomLevel', path, isNumber, DEFAULT_ZOOM_LEVEL),
    isHighlightVisible: optional(value, 'isHighlightVisible', path, isBoolean, DEFAULT_HIGHLIGHT_VISIBLE),
    audioUrl: nullable('audioUrl', isString),
    audioDurationMs: nullable('audioDurationMs', isNumber),
    words: optional(value, 'words', path, isWords, []).map((w) => ({ startMs: w.startMs, endMs: w.endMs, text: w.text })),
    annotations: optional(value, 'annotations', path, Array.isArray, []).map((a: unknown, i) => parseAnnotation(a, `${path}.annotations[${i}]`)),
    typing: optional(value, 'typing', path, isBoolean, false),
  };
}

/**
 * The answer as a `SharedGuideDto`, field by field: the guide's id, title and slides (each with
 * its id) are required; what the player can do without takes the API's own default when absent, so an older
 * answer still plays. A field of the wrong type fails; unknown fields are dropped.
 */
export function parseSharedGuide(value: unknown): SharedGuideDto {
  if (!isRecord(value)) throw new InvalidSharedGuideError('guide');
  const slides = field(value, 'slides', 'guide', Array.isArray);
  return {
    id: field(value, 'id', 'guide', isString),
    title: field(value, 'title', 'guide', isString),
    organizationName: optional(value, 'organizationName', 'guide', isString, ''),
    visibility: optional(value, 'visibility', 'guide', isVisibility, 'public'),
    updatedAt: optional(value, 'updatedAt', 'guide', isString, ''),
    socialImageUrl: optional(value, 'socialImageUrl', 'guide', orNull(isString), null),
    slides: slides.map((slide, index) => parseSlide(slide, `guide.slides[${index}]`)),
    introCard: parseIntro(optional(value, 'introCard', 'guide', orNull(isRecord), null)),
    outroCard: parseOutro(optional(value, 'outroCard', 'guide', orNull(isRecord), null)),
    language: optional(value, 'language', 'guide', isString, 'en-US'),
    languages: optional(value, 'languages', 'guide', isLanguages, []).map((l) => ({ code: l.code, name: l.name })),
    ...(value['brand'] === undefined ? {} : { brand: parseSharedBrand(value['brand']) }),
    // Absent in an older answer: Guide me is not offered (as the shared schema reads it).
    ...(value.guideMe !== undefined ? { guideMe: field(value, 'guideMe', 'guide', isBoolean) } : {}),
    embed: optional(value, 'embed', 'guide', isBoolean, true),
    indexable: optional(value, 'indexable', 'guide', isBoolean, false),
  };
}

function parseIntro(card: Json | null): SharedGuideDto['introCard'] {
  if (!card) return null;
  return { title: field(card, 'title', 'guide.introCard', isString), subtitle: optional(card, 'subtitle', 'guide.introCard', isString, '') };
}

function parseOutro(card: Json | null): SharedGuideDto['outroCard'] {
  if (!card) return null;
  const cta = optional(card, 'cta', 'guide.outroCard', orNull(isRecord), null);
  return {
    title: field(card, 'title', 'guide.outroCard', isString),
    cta: cta ? { label: field(cta, 'label', 'guide.outroCard.cta', isString), url: field(cta, 'url', 'guide.outroCard.cta', isString) } : null,
  };
}
