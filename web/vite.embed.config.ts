import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { siteBuildFromEnv } from '../shared/site-build.ts';

/**
 * The embed's build (issue 31: ≤ 80 KB gzip of JS and CSS on other sites): its own entry,
 * src/embed-main.tsx, with the very player code the share page runs, but Preact's React
 * compatibility layer (about 10 KB gzip) in place of React and react-dom (about 68 KB). Run by
 * web/prerender.ts after the SPA's build, into the same dist/ under static/embed/; its manifest
 * tells the prerender which files the embed's shell (/__share-embed.html) names and inlines.
 */
const webRoot = fileURLToPath(new URL('.', import.meta.url));

/** Where the embed's manifest is written, relative to dist/. */
export const EMBED_MANIFEST = '.vite/embed-manifest.json';
/** The embed's entry, as its manifest names it. */
export const EMBED_ENTRY = 'src/embed-main.tsx';

// A function: web/prerender.ts imports the names above, and the site's origin is read (and its
// absence reported, in prerender's one line) only when the embed is built.
export default defineConfig((): UserConfig => ({
  root: webRoot,
  base: '/',
  publicDir: false,
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^#web\//, replacement: `${webRoot}src/` },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/compat/jsx-runtime' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react(-dom)?$/, replacement: 'preact/compat' },
    ],
  },
  define: { 'import.meta.env.VITE_SITE_ORIGIN': JSON.stringify(siteBuildFromEnv(process.env).origin) },
  build: {
    outDir: 'dist',
    // The SPA's build is already there: this one adds its files beside it.
    emptyOutDir: false,
    copyPublicDir: false,
    assetsDir: 'static/embed',
    sourcemap: 'hidden',
    modulePreload: { polyfill: false },
    manifest: EMBED_MANIFEST,
    rolldownOptions: {
      input: { embed: `${webRoot}src/embed-main.tsx` },
      output: {
        codeSplitting: {
          // Preact apart from the player, long-cached, as React is in the SPA's build; the
          // product's name with it, which nearly every chunk reads.
          groups: [{ name: 'framework', test: /node_modules[\\/]preact[\\/]|shared[\\/]product\.ts$/ }],
        },
      },
    },
  },
}));
