import { bootFrame } from '#web/lib/frame-boot';
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

bootFrame(root, {
  prefetches: true,
  mount: () => void import('#web/app/routes/share/embed-mount').then(({ mountEmbed }) => mountEmbed(root)),
});
