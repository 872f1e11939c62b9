import type { SharedGuideDto } from './shared-guide';

/**
 * The server-rendered first frame of a share page (the first slide paints before the
 * app's code arrives). The edge handler writes it into the page's `#root`; the browser shows it
 * at once, and the app replaces it with the live player, the same markup from the same
 * components, once its router is ready.
 *
 * The web build makes the renderer (web/src/app/render-share-frame.tsx, a Node module in
 * web/dist-ssr/); the edge handler receives it (functions/edge/share.ts `setShareFrameRenderer`)
 * from whoever composes the deployed bundle (infra/cdk/constructs/edge-code.ts) or runs it
 * (infra/local/server.ts), so neither side imports the other's source.
 */
export interface ShareFrameInput {
  guide: SharedGuideDto;
  view: 'player' | 'embed';
  /** the page's path and search, e.g. `/share/add-a-contact-abc123def456?step=3` */
  url: string;
}

/** `?step=N` (1-based) names the slide shown first; the player keeps it current (product-spec.md §2). */
export const STEP_PARAM = 'step';
/** `?autoplay=1` starts playing at once (the embed snippet's option). */
export const AUTOPLAY_PARAM = 'autoplay';
/** `?view=watch|read|try`: how the viewer follows the guide (the player, a document, or doing each step). */
export const VIEW_PARAM = 'view';
export const SHARE_VIEWS = ['watch', 'read', 'try'] as const;
export type ShareView = (typeof SHARE_VIEWS)[number];

/** The view a `?view=` names; anything else (absent, unknown) is none, and the page picks (watch, or the viewer's last choice). */
export function shareViewFromParam(value: string | null | undefined): ShareView | undefined {
  return SHARE_VIEWS.find((view) => view === value);
}

/**
 * The query parameters a share page's HTML depends on (its frame shows the step, the play
 * state and the view): CloudFront's cache key for /share/* holds these, and forwards only these to the edge.
 */
export const SHARE_PAGE_QUERY_KEYS = [STEP_PARAM, AUTOPLAY_PARAM, VIEW_PARAM] as const;

export type RenderShareFrame = (input: ShareFrameInput) => string;

/** Marks a `#root` that holds a server-rendered frame, which the app keeps until it can replace it. */
export const SERVER_FRAME_ATTRIBUTE = 'data-server-frame';

/**
 * The shells of the share views: the SPA shell plus the stylesheets the frame needs and module
 * preloads of the view's code (written by web/prerender.ts). The frame is only written into these.
 */
export const SHARE_SHELL_PATHS = { player: '/__share.html', embed: '/__share-embed.html' } as const;

/** The web build's file of the renderer, relative to the repository's root. */
export const SHARE_FRAME_RENDERER_FILE = 'web/dist-ssr/render-share-frame.js';
