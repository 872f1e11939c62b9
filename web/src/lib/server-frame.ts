import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { SERVER_FRAME_ATTRIBUTE } from '#shared/share-frame';

/**
 * Renders `app` over the frame the edge rendered into `root` (shared/share-frame.ts): the first
 * commit replaces the frame's markup with the same markup, now live, in one task, so nothing
 * blinks. The frame's mark comes off `root` once the app is in charge: until then its controls
 * are markup only, and whoever waits for a working page (a test, an extension) can tell.
 */
export function replaceServerFrame(root: HTMLElement, app: ReactNode): void {
  const reactRoot = createRoot(root);
  flushSync(() => reactRoot.render(app));
  root.removeAttribute(SERVER_FRAME_ATTRIBUTE);
}
