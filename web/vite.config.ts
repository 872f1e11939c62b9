import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { siteBuildFromEnv } from '../shared/site-build.ts';

/**
 * The SPA build. Run from the repository root: `npx vite build --config web/vite.config.ts`.
 * `#shared/*` resolves through the root package.json `imports` field, which Vite (and vitest)
 * read natively. `#web/*` is the web app's own code (web/src), an alias here, in vitest.config.ts,
 * tsconfig.json's `paths` and the lint config's resolver.
 */
const webRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * The site this build is for: canonical URLs, Open Graph tags and the sitemap name its origin. A
 * build for a deployed stage (STEPCAST_DEPLOY_STAGE, set by `npm run deploy`) stops here without
 * the stage's https origin; any other build is the local site's (shared/site-build.ts).
 */
const site = siteBuildFromEnv(process.env);

/** Where `npx vite --config web/vite.config.ts` forwards /api, /assets and /auth when run alone. */
const localStackOrigin = process.env['STEPCAST_ORIGIN'] ?? `http://localhost:${process.env['PORT'] ?? '3000'}`;

export default defineConfig({
  root: webRoot,
  base: '/',
  publicDir: 'public',
  plugins: [react()],
  resolve: { alias: [{ find: /^#web\//, replacement: `${webRoot}src/` }] },
  define: { 'import.meta.env.VITE_SITE_ORIGIN': JSON.stringify(site.origin) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // `/assets/*` belongs to the asset bucket (screenshots, audio); built files live under `/static/`.
    assetsDir: 'static',
    // Maps for error reporting, not advertised to browsers (no sourceMappingURL comment).
    sourcemap: 'hidden',
    // Browsers that load modules preload them too, but for Firefox before 115 and Safari before
    // 17, which then simply do not preload: the polyfill is not worth its bytes on every page
    // (the embed has a budget, issue 5).
    modulePreload: {
      polyfill: false,
      // The player chunk's one lazy import is the embed's error screen: its scripts need not be
      // preloaded (a rare screen), and their list is bytes in every embed's budget.
      resolveDependencies: (_filename, deps, { hostId }) => (/guide-player-/.test(hostId) ? [] : deps),
    },
    // .vite/manifest.json: which chunks and stylesheets each route needs, for web/prerender.ts.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Every page needs these and they change only on upgrades: long-cached chunks. React
            // and the router apart, since the embed (issue 5) loads React without the router. The
            // product's name goes with React: nearly every chunk reads it, and as a chunk of its
            // own it was one more request of 64 bytes on every page.
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|shared[\\/]product\.ts$/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            // What a shared guide's page reads its guide with, before the player loads: one file
            // rather than three for the embed (issue 5's budget); the app's API errors with it.
            {
              name: 'share-data',
              includeDependenciesRecursively: false,
              test: /(web[\\/]src[\\/](features[\\/]share[\\/]api[\\/]prefetch-shared-guide|lib[\\/]api-error)|shared[\\/]share[\\/]id)\.ts$/,
            },
            // The guide player and the embed's own modules in one chunk: one file compresses
            // better than six. (The embed's shell loads its own build, vite.embed.config.ts, on
            // Preact, within its budget of 80 KB gzip; this chunk is the share page's player and
            // the embed on the dev server.) Only these modules, not what they import (the app shares that);
            // the viewer-events sender and its rules ride with the player, and so does the drawing
            // of annotations (the editor's own geometry stays in the app's chunks) and the
            // player's English words (each other language's words are a chunk of their own).
            {
              name: 'guide-player',
              includeDependenciesRecursively: false,
              test: /web[\\/]src[\\/](features[\\/]share[\\/](api[\\/]get-shared-guide|utils[\\/](bold-markup|playback|zoom|viewer-events|embed-events)|components[\\/](guide-player|step-text|shared-guide-embed|annotation-overlay)|words[\\/]player-words)|app[\\/]routes[\\/]share[\\/]embed-(app|mount)|components[\\/]layouts[\\/]embed-layout|lib[\\/]server-frame\.ts)|shared[\\/](analytics[\\/]events|annotation-geometry|annotation-svg)\.ts$/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: localStackOrigin, changeOrigin: false },
      '/assets': { target: localStackOrigin, changeOrigin: false },
    },
  },
});
