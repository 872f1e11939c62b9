import { SERVER_FRAME_ATTRIBUTE } from '#shared/share-frame';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once a server-rendered frame's screenshot (shared/share-frame.ts) is loaded and a
 * frame has been rendered with it, or it could not load: the app's code then downloads, compiles
 * and runs without delaying the one thing the viewer waits for. Bounded, so that a slow image (or
 * a hidden tab, which renders no frames) never holds the player back for long.
 */
export async function serverFramePainted(element: HTMLElement): Promise<void> {
  const image = element.hasAttribute(SERVER_FRAME_ATTRIBUTE) ? element.querySelector('img') : null;
  if (!image) return;
  const loaded = image.complete ? image.decode().catch(() => undefined) : new Promise((resolve) => {
    image.addEventListener('load', resolve, { once: true });
    image.addEventListener('error', resolve, { once: true });
  });
  await Promise.race([loaded.then(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))), sleep(1_500)]);
}
