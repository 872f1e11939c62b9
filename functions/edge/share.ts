import type { CloudFrontRequestEvent, CloudFrontResultResponse } from 'aws-lambda';
import { escapeHtml } from '#shared/html';
import { PRODUCT_NAME } from '#shared/product';
import { isEmbedPath, pageSecurityHeaders, uploadConnectSrc } from '#shared/security-headers';
import { SharedGuideDto, SOCIAL_IMAGE_HEIGHT, SOCIAL_IMAGE_WIDTH } from '#shared/share/shared-guide';
import { brandStyleText } from '#shared/brand-look';
import { SERVER_FRAME_ATTRIBUTE, SHARE_SHELL_PATHS, shareViewFromParam, VIEW_PARAM, type RenderShareFrame } from '#shared/share/frame';
import { guideIdFromSegment, sharePath } from '#shared/share/link';

/**
 * Lambda@Edge, origin request on /share/*: answers a shared guide's page with the SPA shell plus
 * its title, description, canonical URL, Open Graph and Twitter tags, so links unfurl with a
 * preview. Lambda@Edge has no environment, so it reads both the shell (/index.html) and the
 * guide (/api/share/{id}, anonymously) from the request's own host. Missing, draft and private
 * guides all read as "not found" anonymously and get the same generic tags, byte for byte; a
 * slow or failing read gets them too. It never answers an error page.
 */

/** How long the edge waits for the shell and the guide before answering without them. */
export const FETCH_TIMEOUT_MS = 1_500;

const FALLBACK_SHELL =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Stepcast</title></head><body><div id="root"></div></body></html>';

export const GENERIC_TITLE = `${PRODUCT_NAME} — narrated step-by-step guides`;
export const GENERIC_DESCRIPTION = `A step-by-step guide made with ${PRODUCT_NAME}: click through a flow once, share a narrated guide.`;
/** The product card shown for guides without a preview of their own. */
export const PRODUCT_CARD_PATH = '/og-card.png';

type CloudFrontHeaders = NonNullable<CloudFrontResultResponse['headers']>;

function toCloudFrontHeaders(headers: Record<string, string>): CloudFrontHeaders {
  const result: CloudFrontHeaders = {};
  for (const [key, value] of Object.entries(headers)) result[key.toLowerCase()] = [{ key, value }];
  return result;
}

/** The origin a request reached: CloudFront is always https; the local server says http. */
export function requestOrigin(event: CloudFrontRequestEvent): string {
  const { request, config } = event.Records[0]!.cf;
  const host = request.headers['host']?.[0]?.value ?? config.distributionDomainName;
  const proto = request.headers['cloudfront-forwarded-proto']?.[0]?.value === 'http' ? 'http' : 'https';
  return `${proto}://${host}`;
}

async function fetchWithin(url: string, signal: AbortSignal, accept: string): Promise<Response | undefined> {
  try {
    const response = await fetch(url, { signal, headers: { accept } });
    return response.ok ? response : undefined;
  } catch {
    return undefined;
  }
}


export interface PageMeta {
  title: string;
  description: string;
  canonical: string;
  image: string;
  noindex: boolean;
  /** a public guide's answer, written into the page so the app need not ask again */
  guide?: { id: string; json: string; firstScreenshotUrl: string | undefined; dto: SharedGuideDto };
  /** the view the path names, with a guide */
  view?: 'player' | 'embed' | 'design';
  /**
   * the link names no guide anyone outside may see (malformed, missing, draft or private, which
   * read alike): the page is the same, its status 404. A read that failed or timed out is not this.
   */
  notFound?: boolean;
  /**
   * the embed of a guide whose organisation's plan has no embedding (free): answered 402 with a
   * small page linking to the guide's share page, never the player
   */
  embedRefused?: { title: string; sharePath: string };
}

/** The id of the page's data block: the SPA reads a public guide from it instead of fetching. */
export const GUIDE_DATA_ID = 'stepcast-shared-guide';

/** JSON safe inside a <script> data block: nothing in it can close the element or start markup. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The share path a request names: /share/{segment}[/embed|/design]. */
export function parseSharePath(uri: string): { segment: string; view: 'player' | 'embed' | 'design' } | undefined {
  const match = /^\/share\/([^/]+)(?:\/(embed|design))?\/?$/.exec(uri);
  if (!match) return undefined;
  return { segment: match[1]!, view: (match[2] as 'embed' | 'design' | undefined) ?? 'player' };
}

export function metaTags(meta: PageMeta): string {
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    `<link rel="canonical" href="${escapeHtml(meta.canonical)}">`,
    meta.noindex ? '<meta name="robots" content="noindex">' : '',
    `<meta property="og:type" content="article">`,
    `<meta property="og:site_name" content="${escapeHtml(PRODUCT_NAME)}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:url" content="${escapeHtml(meta.canonical)}">`,
    `<meta property="og:image" content="${escapeHtml(meta.image)}">`,
    `<meta property="og:image:width" content="${SOCIAL_IMAGE_WIDTH}">`,
    `<meta property="og:image:height" content="${SOCIAL_IMAGE_HEIGHT}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}">`,
    `<meta name="twitter:image" content="${escapeHtml(meta.image)}">`,
    // Data, not script: never executed, so the CSP's script-src 'self' holds.
    meta.guide ? `<script type="application/json" id="${GUIDE_DATA_ID}" data-guide-id="${escapeHtml(meta.guide.id)}">${meta.guide.json}</script>` : '',
  ];
  return tags.filter(Boolean).join('');
}

/**
 * What the page fetches first, at the head's start ahead of the shell's stylesheets: the first
 * screenshot is what a viewer waits for, so it takes the first connection, not one after the app's.
 */
export function earlyTags(meta: PageMeta): string {
  const screenshot = meta.guide?.firstScreenshotUrl;
  return screenshot ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(screenshot)}">` : '';
}

/** The shell with its own title, description, canonical and social tags replaced by ours. */
export function injectMeta(shell: string, tags: string, early = ''): string {
  const cleaned = shell
    .replace(/<title>[\s\S]*?<\/title>/gi, '')
    .replace(/<meta\s+(?:name|property)="(?:description|robots|og:[^"]*|twitter:[^"]*)"[^>]*>/gi, '')
    .replace(/<link\s+rel="canonical"[^>]*>/gi, '');
  const charset = /<meta charset="[^"]*"\s*\/?>/i;
  // Right after the charset, which must stay first; a shell without one gets them with the rest.
  const [withEarly, rest] = early && charset.test(cleaned) ? [cleaned.replace(charset, (tag) => `${tag}${early}`), tags] : [cleaned, `${early}${tags}`];
  return withEarly.includes('</head>') ? withEarly.replace('</head>', `${rest}</head>`) : `${rest}${withEarly}`;
}

/**
 * The canonical URL of a guide's share page in any of its views (watch, read, try). A guide whose
 * author lets search engines index it names its read view (`?view=read`) for all three: the
 * document holds every step's words, so it is what a search should find and land on. Otherwise
 * (the page is `noindex` anyway) the bare share link, whatever the view.
 */
export function canonicalShareUrl(origin: string, segment: string, indexable: boolean): string {
  return indexable ? `${origin}/share/${segment}?${VIEW_PARAM}=read` : `${origin}/share/${segment}`;
}

/** The page's meta: the guide's own when it is public and published, otherwise the generic set. */
export async function pageMeta(origin: string, uri: string): Promise<PageMeta> {
  const parsed = parseSharePath(uri);
  const generic: PageMeta = {
    title: GENERIC_TITLE,
    description: GENERIC_DESCRIPTION,
    // Not the requested path: a private guide's page must not differ from a missing one's.
    canonical: `${origin}/`,
    image: `${origin}${PRODUCT_CARD_PATH}`,
    noindex: true,
  };
  if (!parsed) return { ...generic, notFound: true };
  let id: string;
  try {
    id = guideIdFromSegment(parsed.segment);
  } catch {
    return { ...generic, notFound: parsed.view !== 'design' };
  }
  let response: Response | undefined;
  try {
    response = await fetch(`${origin}/api/share/${encodeURIComponent(id)}`, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { accept: 'application/json' } });
  } catch {
    response = undefined;
  }
  // The editor is a members' page whatever the anonymous answer: never a 404 of its own.
  if (response?.status === 404) return { ...generic, notFound: parsed.view !== 'design' };
  if (!response?.ok) return generic;
  const body: unknown = await response.json().catch(() => undefined);
  const guide = SharedGuideDto.safeParse(body);
  if (!guide.success) return generic;
  const first = guide.data.slides[0]?.screenshotUrl ?? undefined;
  if (parsed.view === 'embed' && !guide.data.embed) {
    return { ...generic, embedRefused: { title: guide.data.title, sharePath: sharePath({ id: guide.data.id, title: guide.data.title }) }, view: 'embed' };
  }
  return {
    title: `${guide.data.title} | ${PRODUCT_NAME}`,
    description: `${guide.data.title} - Shared guide from ${PRODUCT_NAME}`,
    canonical: canonicalShareUrl(origin, parsed.segment, guide.data.indexable),
    image: `${origin}${guide.data.socialImageUrl ?? PRODUCT_CARD_PATH}`,
    // The editor is private, embeds belong to the page that frames them, and a guide is indexed
    // only when its author allows it (the answer says so for public guides only).
    noindex: parsed.view !== 'player' || !guide.data.indexable,
    // Only what an anonymous viewer may see: the edge asks without cookies.
    ...(parsed.view !== 'design'
      ? {
          guide: {
            id: guide.data.id,
            json: scriptSafeJson(body),
            firstScreenshotUrl: first && first.startsWith('/assets/') ? first : undefined,
            // The API's own answer, as the app parses it: the frame renders it as the app would.
            dto: guide.data,
          },
        }
      : {}),
    view: parsed.view,
  };
}

/**
 * The SPA shell: once the landing page is prerendered into /index.html, the bare shell is
 * /__spa-fallback.html (infra/cdk/cloudfront-functions.ts); builds without prerendering have
 * only /index.html.
 */
export const SHELL_PATHS = ['/__spa-fallback.html', '/index.html'] as const;

/** The shell a share path is answered with: its view's own (with the frame's stylesheets) first. */
export function shellPathsFor(uri: string): string[] {
  const view = parseSharePath(uri)?.view;
  return view === 'player' || view === 'embed' ? [SHARE_SHELL_PATHS[view], ...SHELL_PATHS] : [...SHELL_PATHS];
}

/**
 * How long a warm instance answers with a shell it has read, without reading it again: as long as
 * CloudFront keeps a page made from it (`s-maxage`), so a deploy's new shell shows no later than
 * a cached page would. Old bundles stay in the bucket (web-stack.ts), so an old shell still loads.
 */
export const SHELL_REUSE_MS = 60_000;

type Shell = { path: string; html: string };
/** The shells read by this instance, by origin and view, with when they were read. */
const shells = new Map<string, { shell: Shell; readAt: number }>();

/** The first of the shells that answers, all within one timeout. */
async function readShell(origin: string, paths: readonly string[]): Promise<Shell | undefined> {
  const deadline = AbortSignal.timeout(FETCH_TIMEOUT_MS);
  for (const path of paths) {
    if (deadline.aborted) return undefined;
    const response = await fetchWithin(`${origin}${path}`, deadline, 'text/html');
    const html = await response?.text().catch(() => undefined);
    if (html !== undefined) return { path, html };
  }
  return undefined;
}

/** The view's shell, read once per instance and origin and reused for SHELL_REUSE_MS; a failed read is not kept. */
async function fetchShell(origin: string, uri: string): Promise<Shell | undefined> {
  const paths = shellPathsFor(uri);
  const key = `${origin} ${paths[0]!}`;
  const kept = shells.get(key);
  if (kept && Date.now() - kept.readAt < SHELL_REUSE_MS) return kept.shell;
  const shell = await readShell(origin, paths);
  if (shell) shells.set(key, { shell, readAt: Date.now() });
  return shell;
}

let renderShareFrame: RenderShareFrame | undefined;

/**
 * Gives the handler the web build's renderer of first frames (shared/share/frame.ts); without
 * one, share pages carry their tags and data only and the app renders the player.
 */
export function setShareFrameRenderer(renderer: RenderShareFrame | undefined): void {
  renderShareFrame = renderer;
}

/**
 * A public guide's first frame, server-rendered into `#root` (the first slide paints
 * before the app's code has arrived). Only in the view's own shell, whose stylesheets the markup
 * needs; never for a guide the anonymous API did not answer, so private and missing guides stay
 * byte-identical. A renderer that fails costs the frame, never the page.
 */
export function withShareFrame(html: string, shellPath: string, meta: PageMeta, url: string): string {
  const { guide, view } = meta;
  if (!renderShareFrame || !guide || (view !== 'player' && view !== 'embed') || shellPath !== SHARE_SHELL_PATHS[view]) return html;
  // The embed's read and try views are chunks of their own, loaded by its script (the embed's
  // shell carries the player's styles only): the page is the shell and the data.
  const shown = shareViewFromParam(new URL(url, 'http://frame.invalid').searchParams.get(VIEW_PARAM));
  if (view === 'embed' && (shown === 'read' || shown === 'try')) return html;
  let frame: string;
  try {
    frame = renderShareFrame({ guide: guide.dto, view, url });
  } catch (error) {
    console.error(JSON.stringify({ message: 'share frame failed to render', guideId: guide.id, error: String(error) }));
    return html;
  }
  // The organisation's brand as custom properties on the root (issue 32): whatever the frame holds draws in it.
  return html.replace('<div id="root"></div>', () => `<div id="root" ${SERVER_FRAME_ATTRIBUTE} style="${brandStyleText(guide.dto.brand)}">${frame}</div>`);
}

/**
 * What a free organisation's embed answers, inside the customer's frame: a small page of its own
 * (no app, no player, no guide data) that says embedding is a Pro feature and links to the
 * guide's share page, which works on every plan, in a new tab.
 */
export function embedRefusedPage(refused: NonNullable<PageMeta['embedRefused']>): string {
  const title = escapeHtml(refused.title);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title} | ${escapeHtml(PRODUCT_NAME)}</title><style>
html,body{height:100%;margin:0}body{display:grid;place-items:center;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0f172a;background:#f8fafc}
main{max-width:28rem;padding:1.5rem;text-align:center}h1{font-size:1.125rem;margin:0 0 .5rem}p{margin:0 0 1rem;color:#475569}
a{display:inline-block;padding:.5rem 1rem;border-radius:.5rem;background:#4338ca;color:#fff;font-weight:600;text-decoration:none}a:focus-visible{outline:3px solid #a5b4fc;outline-offset:2px}
</style></head><body><main><h1>${title}</h1><p>This guide cannot play here: embedding guides is part of ${escapeHtml(PRODUCT_NAME)} Pro.</p><a href="${escapeHtml(refused.sharePath)}" target="_blank" rel="noopener">Watch it on ${escapeHtml(PRODUCT_NAME)}</a></main></body></html>`;
}

export async function handler(event: CloudFrontRequestEvent): Promise<CloudFrontResultResponse> {
  const { request } = event.Records[0]!.cf;
  const origin = requestOrigin(event);
  const [shell, meta] = await Promise.all([fetchShell(origin, request.uri), pageMeta(origin, request.uri)]);
  if (meta.embedRefused) {
    return {
      status: '402',
      statusDescription: 'Payment Required',
      headers: toCloudFrontHeaders({
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'public, max-age=0, s-maxage=60',
        // Shown inside the customer's page, as the embed would have been.
        ...pageSecurityHeaders('any', uploadConnectSrc(process.env.UPLOAD_ORIGIN)),
      }),
      body: embedRefusedPage(meta.embedRefused),
    };
  }
  const url = request.querystring ? `${request.uri}?${request.querystring}` : request.uri;
  const page = withShareFrame(injectMeta(shell?.html ?? FALLBACK_SHELL, metaTags(meta), earlyTags(meta)), shell?.path ?? '', meta, url);
  const frameAncestors = isEmbedPath(request.uri) ? 'any' : 'none';
  // A link to no guide answers 404 with the very page (and bytes) a private guide's gets.
  const notFound = meta.notFound === true;
  return {
    status: notFound ? '404' : '200',
    statusDescription: notFound ? 'Not Found' : 'OK',
    headers: toCloudFrontHeaders({
      'Content-Type': 'text/html; charset=utf-8',
      // Short shared caching: a guide's preview changes when it is edited or unpublished.
      'Cache-Control': 'public, max-age=0, s-maxage=60',
      // UPLOAD_ORIGIN is replaced at bundle time for Lambda@Edge (it has no environment).
      ...pageSecurityHeaders(frameAncestors, uploadConnectSrc(process.env.UPLOAD_ORIGIN)),
    }),
    body: page,
  };
}
