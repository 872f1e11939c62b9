/**
 * Prerenders the public site into the SPA build, after `vite build`:
 *
 *   vite build --config web/vite.config.ts && tsx web/prerender.ts [--dist <dir>]
 *
 * Each public page (web/src/features/marketing/site-map.ts) becomes `{dist}{path}/index.html`
 * (`/` is `index.html`): the app's own HTML for that page with its title, description,
 * canonical URL and Open Graph tags, the stylesheets and module preloads of the routes it
 * renders, and the router state it was rendered with as a JSON data block, which the browser
 * hydrates (src/app/app.tsx). Nothing is inline script: the CSP is `script-src 'self'`.
 *
 * The build's own index.html, the SPA shell, moves to `__spa-fallback.html`: the page for every
 * path that is not prerendered (the app, /auth, /share/*, unknown paths), which the hosting must
 * serve for those paths instead of the landing page. `prerendered.json` lists the pages for the
 * hosting (CloudFront's SPA fallback function and the local server); also sitemap.xml and robots.txt.
 *
 * The pages render through a Node build of src/app/render-page.tsx made here with the same Vite
 * config, so the HTML comes from the very components and loaders the browser runs.
 */
import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { z } from 'zod';
import type * as RenderPage from './src/app/render-page';
import { escapeHtml } from '#shared/html';
import { withoutUnusedBlocks, withoutUnusedCustomProperties } from './prerender-css';
import { SHARE_FRAME_RENDERER_FILE, SHARE_SHELL_PATHS } from '#shared/share/frame';
import { SITE_BUILD_FILE, SiteOriginError, siteBuildFromEnv, type SiteBuild } from '#shared/site-build';
import { EMBED_ENTRY, EMBED_MANIFEST } from './vite.embed.config';

type RenderModule = typeof RenderPage;

const WEB_ROOT = import.meta.dirname;
const { values: args } = parseArgs({ options: { dist: { type: 'string' } } });
const DIST = path.resolve(args.dist ?? path.join(WEB_ROOT, 'dist'));

/** The SPA shell's name once index.html is the landing page, and the list the hosting reads. */
const SPA_FALLBACK_FILE = '__spa-fallback.html';
/** infra/cdk/cloudfront-functions.ts NOT_FOUND_SHELL, without its slash. */
const NOT_FOUND_FILE = '__not-found.html';
const PRERENDERED_MANIFEST = 'prerendered.json';
const STATE_MARKER = 'id="prerendered-state"';

/** Vite's build manifest (`build.manifest: true`): source module → output chunk and its CSS. */
const Manifest = z.record(
  z.string(),
  z.object({ file: z.string(), name: z.string().optional(), css: z.array(z.string()).optional(), imports: z.array(z.string()).optional() }),
);
type Manifest = z.infer<typeof Manifest>;


/** Replaces the one match of `pattern` in `html`; a template that changed shape fails the build. */
function replaceOnce(html: string, pattern: RegExp, replacement: string, what: string): string {
  const count = html.match(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`))?.length ?? 0;
  if (count !== 1) throw new Error(`prerender: expected one ${what} in the SPA shell, found ${count}`);
  return html.replace(pattern, () => replacement);
}

/** The chunks and stylesheets `keys` need, with everything they import statically. */
function assetsOf(manifest: Manifest, keys: readonly string[]): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (reference: string) => {
    // `chunk:{name}`: a chunk made of several modules (vite.config.ts groups), by its name.
    const key = reference.startsWith('chunk:')
      ? (Object.keys(manifest).find((candidate) => candidate.endsWith('.js') && manifest[candidate]?.name === reference.slice('chunk:'.length)) ?? reference)
      : reference;
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`prerender: ${key} is not in the build manifest`);
    scripts.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) styles.add(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return { scripts: [...scripts], styles: [...styles] };
}

/** `<link>`s for the stylesheets and modules a page needs that the shell does not link already. */
function assetLinks(shell: string, { scripts, styles }: { scripts: string[]; styles: string[] }): string[] {
  return [
    ...styles.filter((href) => !shell.includes(`"${href}"`)).map((href) => `<link rel="stylesheet" crossorigin href="${href}" />`),
    // The code that hydrates the page, fetched at once but behind the stylesheets and the
    // entry: the page is readable without it, so it must not compete with the first paint.
    ...scripts.filter((href) => !shell.includes(`"${href}"`)).map((href) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${href}" />`),
  ];
}

/** The embed's player, which its entry imports once the frame has painted (src/embed-main.tsx). */
const EMBED_PLAYER = 'src/app/routes/share/embed-mount.tsx';

/**
 * What each share view loads (src/main.tsx): the modules behind its first frame's markup, whose
 * stylesheets the frame needs before any script runs (shared/share/frame.ts).
 */
const SHARE_VIEW_MODULES = {
  player: [
    'src/app/app.tsx',
    'src/app/routes/query-layout.tsx',
    'src/app/routes/share/share.tsx',
    'src/lib/app-query-client.tsx',
  ],
  // The embed's own build (vite.embed.config.ts): its entry and the player it loads.
  embed: [EMBED_ENTRY, EMBED_PLAYER],
} as const;

/**
 * The embed's build (vite.embed.config.ts: the player on Preact, issue 31), into `static/embed/`
 * of the same dist; its manifest.
 */
async function buildEmbed(): Promise<Manifest> {
  await rm(path.join(DIST, 'static/embed'), { recursive: true, force: true });
  await build({ configFile: path.join(WEB_ROOT, 'vite.embed.config.ts'), logLevel: 'warn', build: { outDir: DIST } });
  const manifest = Manifest.parse(JSON.parse(await readFile(path.join(DIST, EMBED_MANIFEST), 'utf8')));
  console.log(`built the embed → ${path.relative(process.cwd(), path.join(DIST, manifest[EMBED_ENTRY]?.file ?? EMBED_ENTRY))}`);
  return manifest;
}

/** The renderer of share pages' first frames, a Node module the edge handler loads (shared/share/frame.ts); its code. */
async function buildShareFrameRenderer(): Promise<string> {
  const outDir = path.join(WEB_ROOT, '..', path.dirname(SHARE_FRAME_RENDERER_FILE));
  await build({
    configFile: path.join(WEB_ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    // React's production server renderer inside the module, as the deployed edge bundle has it
    // (infra/cdk/constructs/edge-code.ts), wherever it runs: the local server's process has no
    // NODE_ENV, and an external `react` there is the development build, several times slower.
    // Its edge build (renderToString is the same renderer in every build): the module then
    // requires no Node built-in, which an ES module bundled for CommonJS could not load, and,
    // unlike the browser build, opens no MessageChannel that would keep a process from exiting.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    ssr: { noExternal: true },
    resolve: { alias: [{ find: /^react-dom\/server$/, replacement: 'react-dom/server.edge' }] },
    build: {
      ssr: path.join(WEB_ROOT, 'src/app/render-share-frame.tsx'),
      outDir,
      emptyOutDir: true,
      sourcemap: false,
      manifest: false,
      copyPublicDir: false,
    },
  });
  console.log(`built the share pages' first-frame renderer → ${path.relative(process.cwd(), path.join(WEB_ROOT, '..', SHARE_FRAME_RENDERER_FILE))}`);
  const files = await readdir(outDir, { recursive: true });
  const code = await Promise.all(files.filter((name) => name.endsWith('.js')).map((name) => readFile(path.join(outDir, name), 'utf8')));
  return code.join('\n');
}

async function buildRenderer(outDir: string): Promise<RenderModule> {
  await build({
    configFile: path.join(WEB_ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: path.join(WEB_ROOT, 'src/app/render-page.tsx'),
      outDir,
      emptyOutDir: true,
      sourcemap: false,
      manifest: false,
      copyPublicDir: false,
      rolldownOptions: {
        // Finding route modules by their exports (render-page.tsx) imports every module under
        // routes/ dynamically, some of which the router imports statically: expected here.
        onLog(level, log, handler) {
          if (log.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') handler(level, log);
        },
      },
    },
  });
  const module = (await import(pathToFileURL(path.join(outDir, 'render-page.js')).href)) as RenderModule;
  return module;
}

async function main(): Promise<void> {
  // A build for a deployed stage without its origin stops before any work (shared/site-build.ts).
  const site = siteBuildFromEnv(process.env);
  const manifest = Manifest.parse(JSON.parse(await readFile(path.join(DIST, '.vite/manifest.json'), 'utf8')));
  const built = await readFile(path.join(DIST, 'index.html'), 'utf8');
  // Run twice, index.html is already the landing page: the shell is the fallback saved before.
  const shell = built.includes(STATE_MARKER) ? await readFile(path.join(DIST, SPA_FALLBACK_FILE), 'utf8') : built;
  await writeFile(path.join(DIST, SPA_FALLBACK_FILE), shell);
  // The answer for paths that are no page: the same shell, served with status 404.
  await writeFile(path.join(DIST, NOT_FOUND_FILE), shell);

  // Inside the repository, so that the build's imports of react, react-router… resolve.
  const cacheDir = path.join(WEB_ROOT, '../node_modules/.cache');
  await mkdir(cacheDir, { recursive: true });
  const ssrDir = await mkdtemp(path.join(cacheDir, 'stepcast-prerender-'));
  try {
    const render = await buildRenderer(ssrDir);
    const origin = render.env.SITE_ORIGIN;
    // The renderer was built with vite.config.ts, which took the origin from the same variables.
    if (origin !== site.origin) throw new Error(`prerender: the pages were built for ${origin}, not ${site.origin}`);
    const pages = render.sitePages();

    for (const page of pages) {
      const url = render.siteUrl(origin, page.path);
      const rendered = await render.renderPage(url);
      if (rendered.status !== 200) throw new Error(`prerender: ${page.path} rendered with status ${rendered.status}`);

      const { scripts, styles } = assetsOf(manifest, ['src/app/app.tsx', ...rendered.modules]);
      const title = render.documentTitle(page.title);
      const image = render.siteUrl(origin, '/og-card.png');
      const head = [
        `<link rel="canonical" href="${escapeHtml(url)}" />`,
        `<meta property="og:title" content="${escapeHtml(title)}" />`,
        `<meta property="og:description" content="${escapeHtml(page.description)}" />`,
        `<meta property="og:url" content="${escapeHtml(url)}" />`,
        `<meta property="og:image" content="${escapeHtml(image)}" />`,
        '<meta property="og:image:width" content="1200" />',
        '<meta property="og:image:height" content="630" />',
        `<meta property="og:image:alt" content="${escapeHtml(render.documentTitle('Narrated step-by-step guides'))}" />`,
        '<meta name="twitter:card" content="summary_large_image" />',
        ...assetLinks(shell, { scripts, styles }),
      ];

      let html = shell;
      html = replaceOnce(html, /<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(title)}</title>`, '<title>');
      html = replaceOnce(
        html,
        /<meta\s+name="description"[\s\S]*?\/?>/,
        `<meta name="description" content="${escapeHtml(page.description)}" />`,
        'description',
      );
      html = replaceOnce(html, /\n\s*<\/head>/, `\n    ${head.join('\n    ')}\n  </head>`, '</head>');
      // The page reads without script now, so the shell's "needs JavaScript" notice goes.
      html = replaceOnce(html, /\s*<noscript>[\s\S]*?<\/noscript>/, '', '<noscript>');
      html = replaceOnce(
        html,
        /<div id="root"><\/div>/,
        `<div id="root">${rendered.html}</div>\n    ${render.prerenderedStateElement(rendered.state)}`,
        '<div id="root">',
      );

      const file = path.join(DIST, page.path, 'index.html');
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, html);
      console.log(`prerendered ${page.path} → ${path.relative(process.cwd(), file)}`);
    }

    // The share views' shells: the edge writes a guide's first frame into them, so they carry
    // the stylesheets it needs, inline: the frame paints without waiting for a request. No module
    // preloads either: the app's code starts loading once the frame's screenshot has painted
    // (src/main.tsx), instead of competing with it for the connection or the main thread.
    const frameRendererCode = await buildShareFrameRenderer();
    const embedManifest = await buildEmbed();
    const shellEntry = /<script type="module" crossorigin src="([^"]+)"/.exec(shell)?.[1];
    if (!shellEntry) throw new Error('prerender: no entry script in the SPA shell');
    for (const [view, file] of Object.entries(SHARE_SHELL_PATHS)) {
      const embed = view === 'embed';
      // The embed's entry and styles are its own build's (its entry imports the shell's tokens and base styles).
      const shellStyles = embed ? [] : [...shell.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g)].map((match) => match[1]!);
      const { styles, scripts } = assetsOf(embed ? embedManifest : manifest, SHARE_VIEW_MODULES[view as keyof typeof SHARE_SHELL_PATHS]);
      const src = embed ? scripts[0]! : shellEntry;
      const inlined = [...new Set([...shellStyles, ...styles])];
      let css = await Promise.all(inlined.map((href) => readFile(path.join(DIST, href), 'utf8')));
      if (embed) {
        // The embed never leaves its page (its links open new tabs), so it needs only the rules
        // its own code can apply and the design tokens those rules, its code and its markup use
        // (issue 5: its bytes are on other sites).
        const code = (await Promise.all(scripts.map((href) => readFile(path.join(DIST, href), 'utf8')))).join('\n');
        // Its own code, not the frame renderer's, which also renders the share page.
        css = [withoutUnusedBlocks(css, code)];
        css = withoutUnusedCustomProperties(css, `${code}\n${frameRendererCode}`);
      }
      if (css.some((text) => /<\/style/i.test(text))) throw new Error('prerender: a stylesheet contains </style and cannot be inlined');
      let html = shell.replace(/\s*<link rel="stylesheet"[^>]*>/g, '');
      // Each inlined file also stays named by a disabled link, which the browser does not fetch:
      // when the view's code loads, Vite's preload helper finds it and does not load it again.
      const named = inlined.map((href) => `<link rel="stylesheet" crossorigin href="${href}" disabled />`);
      html = replaceOnce(html, /\n\s*<\/head>/, `\n    <style>${css.join('\n')}</style>\n    ${named.join('\n    ')}\n  </head>`, '</head>');
      // The entry, async at the body's end: the frame paints without waiting for it (a deferred
      // script holds DOMContentLoaded, and Chromium's first paint with it), and `#root` exists
      // by the time it runs.
      const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
      html = replaceOnce(html.replace(entry, ''), /\n\s*<\/body>/, `\n    <script type="module" async crossorigin src="${src}"></script>\n  </body>`, '</body>');
      await writeFile(path.join(DIST, file), html);
    }

    // The hosting's list of prerendered pages (infra/cdk/cloudfront-functions.ts, "Prerendered
    // pages: the contract with the web build"): each gets its own file, any other path the shell.
    await writeFile(path.join(DIST, PRERENDERED_MANIFEST), `${JSON.stringify(pages.map((page) => page.path))}\n`);
    await writeFile(path.join(DIST, 'sitemap.xml'), render.sitemapXml(origin, pages));
    await writeFile(path.join(DIST, 'robots.txt'), render.robotsTxt(origin));
    await writeFile(path.join(DIST, SITE_BUILD_FILE), `${JSON.stringify(site satisfies SiteBuild)}\n`);
    console.log(`wrote sitemap.xml (${pages.length} pages) and robots.txt for ${origin}${site.stage ? ` (stage ${site.stage})` : ' (a local build)'}`);
  } finally {
    await rm(ssrDir, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (error) {
  if (!(error instanceof SiteOriginError)) throw error;
  console.error(`prerender: ${error.message}`);
  process.exit(1);
}
