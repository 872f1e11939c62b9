import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { SharedGuideDto, SharedSlideDto } from '#shared/share';
import { ApiError } from '../../../lib/api-error';
import { fetchSharedGuideAnswer, takePrefetchedSharedGuide, type SharedGuideAnswer } from './prefetch-shared-guide';

/**
 * GET /api/share/{id} (spec §7, "Shared guide fetch"): the contract is `SharedGuideDto` in
 * `#shared/share`. The answer is checked by hand rather than with zod and fetched without the
 * app's API client: the embed loads this on other sites and must stay small, and zod alone is
 * ~14 KB gzip. A non-OK answer throws `ApiError` with the error shape's message, or the text.
 */
export async function getSharedGuide(id: string, signal?: AbortSignal): Promise<SharedGuideDto> {
  const answer = await (takePrefetchedSharedGuide(id) ?? fetchSharedGuideAnswer(id, signal));
  if (answer.status < 200 || answer.status > 299) throw errorOf(answer);
  return parseSharedGuide(parseJson(answer.body));
}

export function getSharedGuideQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['guides', 'shared', id],
    queryFn: ({ signal }) => getSharedGuide(id, signal),
  });
}

export function useSharedGuide(id: string) {
  return useSuspenseQuery(getSharedGuideQueryOptions(id));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorOf({ status, statusText, body }: SharedGuideAnswer): ApiError {
  const parsed = parseJson(body);
  if (isRecord(parsed) && isRecord(parsed['error']) && typeof parsed['error']['message'] === 'string') {
    return new ApiError(status, parsed['error']['message']);
  }
  return new ApiError(status, body.trim() || statusText || `Request failed with status ${status}`);
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

function parseSlide(value: unknown, path: string): SharedSlideDto {
  if (!isRecord(value)) throw new InvalidSharedGuideError(path);
  const click = optional(value, 'click', path, orNull(isPoint), null);
  return {
    id: field(value, 'id', path, isString),
    title: optional(value, 'title', path, orNull(isString), null),
    text: optional(value, 'text', path, orNull(isString), null),
    narration: optional(value, 'narration', path, orNull(isString), null),
    screenshotUrl: optional(value, 'screenshotUrl', path, orNull(isString), null),
    width: optional(value, 'width', path, orNull(isNumber), null),
    height: optional(value, 'height', path, orNull(isNumber), null),
    click: click ? { x: click.x, y: click.y } : null,
    zoomLevel: optional(value, 'zoomLevel', path, isNumber, 1),
    isHighlightVisible: optional(value, 'isHighlightVisible', path, isBoolean, false),
    audioUrl: optional(value, 'audioUrl', path, orNull(isString), null),
    audioDurationMs: optional(value, 'audioDurationMs', path, orNull(isNumber), null),
  };
}

/**
 * The answer as a `SharedGuideDto`, field by field: the guide's id, title and slides (each with
 * its id) are required; what the player can do without falls back when absent, so an older
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
  };
}
