import { isEmbedPath } from '#shared/security-headers';
import { recordFrameInput } from '#web/lib/frame-input';
import { hasServerFrame, serverFramePainted } from '#web/lib/server-frame-paint';
import '#web/styles/tokens.css';
import '#web/styles/base.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// This entry imports nothing but a few lines statically, so it runs as soon as it arrives.
const isSharePage = /^\/share\/[^/]+(?:\/embed)?\/?$/.test(window.location.pathname);
const framed = hasServerFrame(root);
// The frame's controls are markup until the app replaces it: what the viewer presses meanwhile
// is replayed on the live player.
if (framed) recordFrameInput(root);

// A share page without a first frame (a private guide, a build without the frame renderer) starts
// its guide's request now, before React and the page's code, which load in parallel below. Only
// share pages load the prefetch code (every other page's budget counts it).
if (isSharePage && !framed) void prefetch();

// A public guide's page comes with its first frame, rendered by the edge, and its data: nothing
// loads until the frame's screenshot is on screen, then the app replaces the frame
// (shared/share/frame.ts: the first slide paints first).
void serverFramePainted(root).then(() => {
  if (isSharePage && framed) void prefetch();
  // The embed is framed by other sites and must stay small (≤ 80 KB gzip): it renders
  // without the router, the query client and the app's pages. Its shell (/__share-embed.html)
  // loads its own build instead (src/embed-main.tsx, on Preact); this is the embed on the dev
  // server and under a build without that shell.
  if (isEmbedPath(window.location.pathname)) {
    void import('#web/app/routes/share/embed-mount').then(({ mountEmbed }) => mountEmbed(root));
    return;
  }
  // Hydrates a prerendered page (web/prerender.ts), renders any other.
  void import('#web/app/app').then(({ startApp }) => startApp(root));
});

/** Reads the page's guide (its data block, or the API) and asks for its first screenshot. */
async function prefetch(): Promise<void> {
  const { prefetchSharedGuide } = await import('#web/features/share/api/prefetch-shared-guide');
  prefetchSharedGuide(window.location.pathname);
}
