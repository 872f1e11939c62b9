import { SERVER_FRAME_ATTRIBUTE } from '#shared/share/frame';

/** The longest the app's code waits for a frame's screenshot: a slow image never holds the player back for long. */
const FRAME_PAINT_TIMEOUT_MS = 1_500;

/** Whether `root` holds a server-rendered frame (shared/share/frame.ts) that the app has not yet replaced. */
export function hasServerFrame(root: HTMLElement): boolean {
  return root.hasAttribute(SERVER_FRAME_ATTRIBUTE);
}

/**
 * Resolves once a server-rendered frame's screenshot is on screen: the app's code then downloads,
 * compiles and runs without competing with the one thing the viewer waits for. "On
 * screen" is the screenshot's Element Timing entry where the browser has the API (its render time
 * is the frame's presentation, after raster, which `load` and animation frames come before);
 * elsewhere the screenshot's load and a rendered frame. Resolves at once without a frame, when the
 * screenshot fails, when the viewer reaches for the page (a key, a pointer: the live player must
 * answer), and after `FRAME_PAINT_TIMEOUT_MS` (a hidden tab renders no frames). Whatever fires
 * later finds the promise settled: the listeners are left to lapse, which costs less than
 * removing them (this is in every page's entry).
 */
export function serverFramePainted(root: HTMLElement): Promise<void> {
  const image = hasServerFrame(root) ? root.querySelector('img') : null;
  return new Promise((done) => {
    if (!image) return done();
    const soon = () => setTimeout(done, 0);
    setTimeout(done, FRAME_PAINT_TIMEOUT_MS);
    for (const type of ['pointerdown', 'keydown']) addEventListener(type, () => done(), { capture: true, once: true });
    image.addEventListener('error', () => done());
    const identifier = image.getAttribute('elementtiming');
    if (identifier && PerformanceObserver.supportedEntryTypes?.includes('element')) {
      // A task of its own: the entry arrives with the presentation feedback, and what follows is long.
      new PerformanceObserver((list) => list.getEntries().some((entry) => (entry as PerformanceEntry & { identifier?: string }).identifier === identifier) && soon()).observe({
        type: 'element',
        buffered: true,
      });
    } else if (image.complete) {
      void image.decode().then(() => requestAnimationFrame(soon), () => done());
    } else {
      image.addEventListener('load', () => requestAnimationFrame(soon));
    }
  });
}
