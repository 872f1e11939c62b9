import { SERVER_FRAME_ATTRIBUTE } from '#shared/share-frame';

/** The longest the app's code waits for a frame's screenshot: a slow image never holds the player back for long. */
export const FRAME_PAINT_TIMEOUT_MS = 1_500;

/** Whether `root` holds a server-rendered frame (shared/share-frame.ts) that the app has not yet replaced. */
export function hasServerFrame(root: HTMLElement): boolean {
  return root.hasAttribute(SERVER_FRAME_ATTRIBUTE);
}

/**
 * Resolves once a server-rendered frame's screenshot is on screen: the app's code then downloads,
 * compiles and runs without competing with the one thing the viewer waits for (issue 5). "On
 * screen" is the screenshot's Element Timing entry where the browser has the API (its render time
 * is the frame's presentation, after raster, which `load` and animation frames come before);
 * elsewhere the screenshot's load and a rendered frame. Resolves at once without a frame, when the
 * screenshot fails, when the viewer reaches for the page (a key, a pointer: the live player must
 * answer), and after `FRAME_PAINT_TIMEOUT_MS` (a hidden tab renders no frames).
 */
export function serverFramePainted(root: HTMLElement): Promise<void> {
  const image = hasServerFrame(root) ? root.querySelector('img') : null;
  if (!image) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const cleanups: Array<() => void> = [];
    const done = () => {
      for (const cleanup of cleanups) cleanup();
      resolve();
    };
    const listen = (target: EventTarget, type: string, options?: AddEventListenerOptions) => {
      target.addEventListener(type, done, { once: true, ...options });
      cleanups.push(() => target.removeEventListener(type, done, options));
    };
    const timer = setTimeout(done, FRAME_PAINT_TIMEOUT_MS);
    cleanups.push(() => clearTimeout(timer));
    for (const type of ['pointerdown', 'keydown']) listen(window, type, { capture: true });
    listen(image, 'error');

    const identifier = image.getAttribute('elementtiming');
    if (identifier && PerformanceObserver.supportedEntryTypes?.includes('element')) {
      const observer = new PerformanceObserver((list) => {
        // A task of its own: the entry arrives with the presentation feedback, and what follows is long.
        if (list.getEntries().some((entry) => (entry as PerformanceEntry & { identifier?: string }).identifier === identifier)) setTimeout(done, 0);
      });
      observer.observe({ type: 'element', buffered: true });
      cleanups.push(() => observer.disconnect());
      return;
    }
    const rendered = () => requestAnimationFrame(() => setTimeout(done, 0));
    if (image.complete && image.naturalWidth > 0) {
      void image.decode().then(rendered, done);
    } else {
      image.addEventListener('load', rendered, { once: true });
      cleanups.push(() => image.removeEventListener('load', rendered));
    }
  });
}
