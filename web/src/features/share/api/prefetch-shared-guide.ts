import { guideIdFromSegment } from '#shared/share-link';

/** GET /api/share/{id}: a published guide, for anyone with its link (members also see private ones). */
export function sharedGuideUrl(id: string): string {
  return `/api/share/${encodeURIComponent(id)}`;
}

/** An answer of the share endpoint, read but not yet judged. */
export interface SharedGuideAnswer {
  status: number;
  statusText: string;
  body: string;
}

export function fetchSharedGuideAnswer(id: string, signal?: AbortSignal): Promise<SharedGuideAnswer> {
  return fetch(sharedGuideUrl(id), {
    headers: { accept: 'application/json' },
    // The session cookie, when there is one, lets members see a private guide; none is needed.
    credentials: 'include',
    signal: signal ?? null,
  }).then(async (response) => ({ status: response.status, statusText: response.statusText, body: await response.text() }));
}

const SHARE_PAGE = /^\/share\/([^/]+)(?:\/embed)?\/?$/;
const prefetched = new Map<string, Promise<SharedGuideAnswer>>();

/**
 * Starts a share page's guide request with the page itself, before any page code has loaded,
 * and asks for the first screenshot as soon as the answer names it: the screenshot is what the
 * viewer waits for. Called once by the entry; the page takes the answer with
 * `takePrefetchedSharedGuide`. Kept apart from the answer's parsing so that the entry stays tiny.
 */
export function prefetchSharedGuide(pathname: string): void {
  const segment = SHARE_PAGE.exec(pathname)?.[1];
  if (!segment) return;
  let id: string;
  try {
    id = guideIdFromSegment(decodeURIComponent(segment));
  } catch {
    return; // the page's own loading reports a bad link
  }
  const answer = fetchSharedGuideAnswer(id);
  // A failed request is left to the page, which reads the same promise.
  answer.catch(() => undefined);
  prefetched.set(id, answer);
  void answer.then(({ status, body }) => {
    if (status === 200) preloadImage(firstScreenshotUrl(body));
  });
}

/** The prefetched answer for a guide, once: a later load (Try Again) asks the API again. */
export function takePrefetchedSharedGuide(id: string): Promise<SharedGuideAnswer> | undefined {
  const answer = prefetched.get(id);
  prefetched.delete(id);
  return answer;
}

function firstScreenshotUrl(body: string): string | undefined {
  try {
    const guide: unknown = JSON.parse(body);
    if (typeof guide !== 'object' || guide === null || !('slides' in guide) || !Array.isArray(guide.slides)) return undefined;
    const first: unknown = guide.slides[0];
    if (typeof first !== 'object' || first === null || !('screenshotUrl' in first)) return undefined;
    return typeof first.screenshotUrl === 'string' ? first.screenshotUrl : undefined;
  } catch {
    return undefined;
  }
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
