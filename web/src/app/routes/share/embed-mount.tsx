import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { replaceServerFrame } from '#web/lib/server-frame';
import { hasServerFrame } from '#web/lib/server-frame-paint';
import { EmbedApp, loadEmbed } from './embed-app';

/**
 * Renders the embed into `root` once its guide has loaded (the request started with the page,
 * see `prefetchSharedGuide`): the first render is the player itself. Not a Suspense fallback
 * first, which React would keep on screen for at least 300 ms. A frame the edge rendered into
 * `root` (render-share-frame.tsx) stays on screen until then, and React's first commit replaces
 * it with the same markup.
 */
export async function mountEmbed(root: HTMLElement): Promise<void> {
  const initial = await loadEmbed(window.location.pathname, window.location.search);
  const app = (
    <StrictMode>
      <EmbedApp initial={initial} />
    </StrictMode>
  );
  if (hasServerFrame(root)) void replaceServerFrame(root, app);
  else createRoot(root).render(app);
}
