import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { isEmbedPath } from '#shared/security-headers';
import { prefetchSharedGuide } from './features/share/api/prefetch-shared-guide';
import './styles/tokens.css';
import './styles/base.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A shared guide's data (and then its first screenshot) loads alongside the page's code, not after it.
prefetchSharedGuide(window.location.pathname);

// The embed is framed by other sites and must stay small (issue 5: ≤ 80 KB gzip): it renders
// without the router, the query client and the app's pages. React itself is imported above, so
// the page's HTML preloads it for both.
const app: Promise<ComponentType> = isEmbedPath(window.location.pathname)
  ? import('./app/routes/share/embed-app').then((module) => module.EmbedApp)
  : import('./app/app').then((module) => module.App);

void app.then((App) =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
