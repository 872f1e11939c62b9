import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The SPA build. Run from the repository root: `npx vite build --config web/vite.config.ts`.
 * `#shared/*` resolves through the root package.json `imports` field, which Vite (and vitest)
 * read natively, so no alias is needed.
 */
const webRoot = fileURLToPath(new URL('.', import.meta.url));

/** Where `npx vite --config web/vite.config.ts` forwards /api, /assets and /auth when run alone. */
const localStackOrigin = process.env['STEPCAST_ORIGIN'] ?? `http://localhost:${process.env['PORT'] ?? '3000'}`;

export default defineConfig({
  root: webRoot,
  base: '/',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // `/assets/*` belongs to the asset bucket (screenshots, audio); built files live under `/static/`.
    assetsDir: 'static',
    // Maps for error reporting, not advertised to browsers (no sourceMappingURL comment).
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Every page needs these and they change only on upgrades: long-cached chunks. React
            // and the router apart, since the embed (issue 5) loads React without the router.
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
          ],
        },
      },
      // slugify is a pure function (CommonJS, so not known to be free of side effects): a module
      // that only parses share links (`guideIdFromSegment`) must not carry it.
      treeshake: { moduleSideEffects: [{ test: /node_modules[\\/]slugify[\\/]/, sideEffects: false }] },
    },
  },
  server: {
    proxy: {
      '/api': { target: localStackOrigin, changeOrigin: false },
      '/assets': { target: localStackOrigin, changeOrigin: false },
    },
  },
});
