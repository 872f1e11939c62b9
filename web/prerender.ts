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
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { z } from 'zod';
import type * as RenderPage from './src/app/render-page';
import { escapeHtml } from '#shared/html';

type RenderModule = typeof RenderPage;

const WEB_ROOT = import.meta.dirname;
const { values: args } = parseArgs({ options: { dist: { type: 'string' } } });
const DIST = path.resolve(args.dist ?? path.join(WEB_ROOT, 'dist'));

/** The SPA shell's name once index.html is the landing page, and the list the hosting reads. */
const SPA_FALLBACK_FILE = '__spa-fallback.html';
const PRERENDERED_MANIFEST = 'prerendered.json';
const STATE_MARKER = 'id="prerendered-state"';

/** Vite's build manifest (`build.manifest: true`): source module → output chunk and its CSS. */
const Manifest = z.record(
  z.string(),
  z.object({ file: z.string(), css: z.array(z.string()).optional(), imports: z.array(z.string()).optional() }),
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
  const visit = (key: string) => {
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
  const module: RenderModule = await import(pathToFileURL(path.join(outDir, 'render-page.js')).href);
  return module;
}

async function main(): Promise<void> {
  const manifest = Manifest.parse(JSON.parse(await readFile(path.join(DIST, '.vite/manifest.json'), 'utf8')));
  const built = await readFile(path.join(DIST, 'index.html'), 'utf8');
  // Run twice, index.html is already the landing page: the shell is the fallback saved before.
  const shell = built.includes(STATE_MARKER) ? await readFile(path.join(DIST, SPA_FALLBACK_FILE), 'utf8') : built;
  await writeFile(path.join(DIST, SPA_FALLBACK_FILE), shell);

  // Inside the repository, so that the build's imports of react, react-router… resolve.
  const cacheDir = path.join(WEB_ROOT, '../node_modules/.cache');
  await mkdir(cacheDir, { recursive: true });
  const ssrDir = await mkdtemp(path.join(cacheDir, 'stepcast-prerender-'));
  try {
    const render = await buildRenderer(ssrDir);
    const origin = render.env.SITE_ORIGIN;
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
        ...styles.filter((href) => !shell.includes(`"${href}"`)).map((href) => `<link rel="stylesheet" crossorigin href="${href}" />`),
        // The code that hydrates the page, fetched at once but behind the stylesheets and the
        // entry: the page is readable without it, so it must not compete with the first paint.
        ...scripts
          .filter((href) => !shell.includes(`"${href}"`))
          .map((href) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${href}" />`),
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

    // The hosting's list of prerendered pages (infra/cdk/cloudfront-functions.ts, "Prerendered
    // pages: the contract with the web build"): each gets its own file, any other path the shell.
    await writeFile(path.join(DIST, PRERENDERED_MANIFEST), `${JSON.stringify(pages.map((page) => page.path))}\n`);
    await writeFile(path.join(DIST, 'sitemap.xml'), render.sitemapXml(origin, pages));
    await writeFile(path.join(DIST, 'robots.txt'), render.robotsTxt(origin));
    console.log(`wrote sitemap.xml (${pages.length} pages) and robots.txt for ${origin}`);
  } finally {
    await rm(ssrDir, { recursive: true, force: true });
  }
}

await main();
