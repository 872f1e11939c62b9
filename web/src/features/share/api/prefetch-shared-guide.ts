import { guideIdFromSegment } from '#shared/share/id';
import { ApiError } from '#web/lib/api-error';
import { parseJson } from '#web/lib/parse-json';

/** GET /api/share/{id}: a published guide, for anyone with its link (members also see private ones); `?lang=` in one of its translations. */
export function sharedGuideUrl(id: string, lang?: string): string {
  return `/api/share/${encodeURIComponent(id)}${lang ? `?lang=${encodeURIComponent(lang)}` : ''}`;
}

/**
 * The share endpoint's answer as text; a non-OK answer throws `ApiError` with the error shape's
 * message, or the text (product-spec.md §7). Reading the answer (`get-shared-guide.ts`) is kept apart so
 * that this, which every page's entry carries, stays tiny.
 */
export async function requestSharedGuide(id: string, signal?: AbortSignal, lang?: string): Promise<string> {
  const response = await fetch(sharedGuideUrl(id, lang), {
    headers: { accept: 'application/json' },
    // The session cookie, when there is one, lets members see a private guide; none is needed.
    credentials: 'include',
    signal: signal ?? null,
  });
  const body = await response.text();
  if (!response.ok) throw new ApiError(response.status, errorMessage(body) ?? (body.trim() || response.statusText || `Request failed with status ${response.status}`));
  return body;
}

/** The message of the one error shape, `{ error: { code, message } }`. */
function errorMessage(body: string): string | undefined {
  const parsed = parseJson(body);
  if (typeof parsed !== 'object' || parsed === null || !('error' in parsed)) return undefined;
  const { error } = parsed;
  return typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' ? error.message : undefined;
}

const SHARE_PAGE = /^\/share\/([^/]+)(?:\/embed)?\/?$/;
const prefetched = new Map<string, Promise<string>>();

/**
 * Starts a share page's guide request with the page itself, before any page code has loaded,
 * and asks for the first screenshot as soon as the answer names it: the screenshot is what the
 * viewer waits for. Called once by the entry; the page takes the answer with
 * `takePrefetchedSharedGuide`. True when the path is a share or embed page.
 */
export function prefetchSharedGuide(pathname: string): boolean {
  const segment = SHARE_PAGE.exec(pathname)?.[1];
  if (!segment) return false;
  let id: string;
  try {
    id = guideIdFromSegment(decodeURIComponent(segment));
  } catch {
    return true; // a share page: its own loading reports the bad link
  }
  // A public guide arrives inside the page itself (the edge writes it as a data block).
  const inline = typeof document === 'undefined' ? null : document.getElementById('stepcast-shared-guide');
  const answer =
    inline?.tagName === 'SCRIPT' && inline.getAttribute('type') === 'application/json' && inline.getAttribute('data-guide-id') === id && inline.textContent
      ? Promise.resolve(inline.textContent)
      : requestSharedGuide(id);
  inline?.remove();
  prefetched.set(id, answer);
  // A failure is the page's to show, when it takes this same promise.
  answer.then((body) => preloadImage(firstScreenshotUrl(body)), () => undefined);
  return true;
}

/** The prefetched answer for a guide, once: a later load (Try Again) asks the API again. */
export function takePrefetchedSharedGuide(id: string): Promise<string> | undefined {
  const answer = prefetched.get(id);
  prefetched.delete(id);
  return answer;
}

function firstScreenshotUrl(body: string): string | undefined {
  const guide = parseJson(body);
  if (typeof guide !== 'object' || guide === null || !('slides' in guide) || !Array.isArray(guide.slides)) return undefined;
  const first: unknown = guide.slides[0];
  if (typeof first !== 'object' || first === null || !('screenshotUrl' in first)) return undefined;
  return typeof first.screenshotUrl === 'string' ? first.screenshotUrl : undefined;
}

function preloadImage(url: string | undefined): void {
  // Same-origin asset paths only: the answer is data, and this writes into the document head.
  if (!url || !url.startsWith('/') || url.startsWith('//')) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = url;
  link.fetchPriority = 'high';
  document.head.append(link);
}
