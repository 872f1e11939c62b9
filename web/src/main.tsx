import { isEmbedPath } from '#shared/security-headers';
import { serverFramePainted } from './lib/server-frame-paint';
import './styles/tokens.css';
import './styles/base.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// This entry imports nothing but a few lines statically, so it runs as soon as it arrives: a
// shared guide's data (and then its first screenshot) starts loading before React and the page's
// code, which the imports below fetch in parallel (issue 5: first paint).
// Only share pages load the prefetch code (every other page's budget counts it).
const isSharePage = /^\/share\/[^/]+(?:\/embed)?\/?$/.test(window.location.pathname);
if (isSharePage) {
  void import('./features/share/api/prefetch-shared-guide').then(({ prefetchSharedGuide }) => prefetchSharedGuide(window.location.pathname));
}

// A public guide's page comes with its first frame, rendered by the edge: the code below loads
// once the frame's screenshot is on screen, then replaces the frame (shared/share-frame.ts).
void serverFramePainted(root).then(() => {
  // The embed is framed by other sites and must stay small (issue 5: ≤ 80 KB gzip): it renders
  // without the router, the query client and the app's pages.
  if (isEmbedPath(window.location.pathname)) {
    void import('./app/routes/share/embed-mount').then(({ mountEmbed }) => mountEmbed(root));
    return;
  }
  // A share page's route code and query client load with the app's instead of after the router
  // asks for them.
  if (isSharePage) {
    void import('./app/routes/share/share');
    void import('./lib/app-query-client');
  }
  // Hydrates a prerendered page (web/prerender.ts), renders any other.
  void import('./app/app').then(({ startApp }) => startApp(root));
});
