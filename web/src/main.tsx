import { isEmbedPath } from '#shared/security-headers';
import { bootFrame } from '#web/lib/frame-boot';
import '#web/styles/tokens.css';
import '#web/styles/base.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// This entry imports nothing but a few lines statically, so it runs as soon as it arrives. Only
// share pages load the prefetch code (every other page's budget counts it); a public guide's page
// comes with its first frame, rendered by the edge, and its data (src/lib/frame-boot.ts).
const isSharePage = /^\/share\/[^/]+(?:\/embed)?\/?$/.test(window.location.pathname);
bootFrame(root, {
  prefetches: isSharePage,
  mount: () => {
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
  },
});
