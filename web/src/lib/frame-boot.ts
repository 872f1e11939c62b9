import { recordFrameInput } from '#web/lib/frame-input';
import { hasServerFrame, serverFramePainted } from '#web/lib/server-frame-paint';

/**
 * How an entry (src/main.tsx, src/embed-main.tsx) starts a page that may come with the edge's
 * first frame (shared/share/frame.ts). The frame's controls are markup until the app replaces it:
 * what the viewer presses meanwhile is replayed on the live player. Nothing loads until the
 * frame's screenshot is on screen, then `mount` replaces the frame. A share page (`prefetches`)
 * without a frame (a private guide, a build without the frame renderer) starts its guide's request
 * at once, in parallel with the app's code; with one, once the screenshot has painted.
 */
export function bootFrame(root: HTMLElement, { prefetches, mount }: { prefetches: boolean; mount: () => void }): void {
  const framed = hasServerFrame(root);
  if (framed) recordFrameInput(root);
  if (prefetches && !framed) void prefetch();
  void serverFramePainted(root).then(() => {
    if (prefetches && framed) void prefetch();
    mount();
  });
}

/** Reads the page's guide (its data block, or the API) and asks for its first screenshot; only share pages load this code. */
async function prefetch(): Promise<void> {
  const { prefetchSharedGuide } = await import('#web/features/share/api/prefetch-shared-guide');
  prefetchSharedGuide(window.location.pathname);
}
