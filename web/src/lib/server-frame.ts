import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { SERVER_FRAME_ATTRIBUTE } from '#shared/share/frame';
import { controlIdentity, frameControls, takeFrameInput } from './frame-input';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Renders `app` over the frame the edge rendered into `root` (shared/share/frame.ts): the first
 * commit replaces the frame's markup with the same markup, now live, in one task, so nothing
 * blinks. The frame's mark comes off `root` once the app is in charge: until then its controls
 * are markup only, and whoever waits for a working page (a test, an extension) can tell. The
 * focus stays on the control that had it, and what the viewer pressed meanwhile is replayed on
 * the live player (frame-input.ts).
 */
export async function replaceServerFrame(root: HTMLElement, app: ReactNode): Promise<void> {
  const focused = controlIdentity(root, document.activeElement);
  const reactRoot = createRoot(root);
  flushSync(() => reactRoot.render(app));
  root.removeAttribute(SERVER_FRAME_ATTRIBUTE);
  // The app's controls by the names they have now, as the frame's had: a replayed press may
  // rename one (Play becomes Pause), and the next press of it must still find it.
  const controls = frameControls(root);
  if (focused) controls.get(focused)?.focus({ preventScroll: true });
  for (const input of takeFrameInput()) {
    // One task each: the player's listeners come with its effects, and each press must see the
    // step the previous one made, as the viewer's own presses would.
    await nextTask();
    if ('control' in input) controls.get(input.control)?.click();
    else (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', { key: input.key, bubbles: true, cancelable: true }));
  }
}
