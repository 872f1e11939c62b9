import { recordFrameInput } from '#web/lib/frame-input';
import { hasServerFrame, serverFramePainted } from '#web/lib/server-frame-paint';
import '#web/styles/tokens.css';
import '#web/styles/base.css';

/**
 * The embed's own entry (`/share/{slug}-{id}/embed`, web/vite.embed.config.ts): what src/main.tsx
 * does for an embed path, built apart with Preact in React's place, since the embed is framed by
 * other sites and must stay small (≤ 80 KB gzip of JS and CSS, issue 31). The same player code
 * renders it; only the library under it differs.
 */
const root = document.getElementById('root');
if (!root) throw new Error('the embed shell has no #root element');

const framed = hasServerFrame(root);
// The frame's controls are markup until the app replaces it: what the viewer presses meanwhile
// is replayed on the live player.
if (framed) recordFrameInput(root);
// Without a first frame (a private guide, a build without the frame renderer) the guide's request
// starts now, in parallel with the player's code.
if (!framed) void prefetch();

// With a first frame, nothing loads until its screenshot is on screen (shared/share/frame.ts).
void serverFramePainted(root).then(() => {
  if (framed) void prefetch();
  void import('#web/app/routes/share/embed-mount').then(({ mountEmbed }) => mountEmbed(root));
});

/** Reads the page's guide (its data block, or the API) and asks for its first screenshot. */
async function prefetch(): Promise<void> {
  const { prefetchSharedGuide } = await import('#web/features/share/api/prefetch-shared-guide');
  prefetchSharedGuide(window.location.pathname);
}
