import { AUTOPLAY_PARAM } from './playback';
import { VIEW_PARAM, type ShareView } from './view-choice';

/**
 * The embed's chrome under the screenshot (progress and control bar), in CSS pixels: the
 * snippet's box is the screenshot's shape plus this, so the frame fits without the host page
 * having to listen for the embed's `stepcast:resize` messages.
 */
export const EMBED_CHROME_PX = 72;
/** The shape captures have unless told otherwise: 1280 × 800. */
const DEFAULT_RATIO = { width: 16, height: 10 };

export interface EmbedSnippetOptions {
  /** the embed's absolute URL */
  url: string;
  /** the guide's title, for the frame's accessible name */
  title: string;
  autoplay?: boolean;
  /** how the embed shows the guide: the player (watch, the default), the document (read) or doing the steps (try) */
  view?: ShareView;
  ratio?: { width: number; height: number };
}

/** Text for an HTML attribute value in double quotes: whatever the title holds, it stays text. */
export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The embed's URL with its options (`?view=read|try`, `?autoplay=1`, which only the player has). */
export function embedUrl(url: string, { autoplay = false, view = 'watch' }: { autoplay?: boolean; view?: ShareView } = {}): string {
  if (view === 'watch' && !autoplay) return url;
  const target = new URL(url);
  if (view !== 'watch') target.searchParams.set(VIEW_PARAM, view);
  else target.searchParams.set(AUTOPLAY_PARAM, '1');
  return target.toString();
}

/**
 * A responsive iframe for any page: full width, as tall as the screenshot's shape plus the
 * controls (the padding trick works everywhere, even where `aspect-ratio` is stripped), with
 * full screen and autoplay allowed. Inline styles only, so that it survives CMS editors.
 */
export function embedSnippet({ url, title, autoplay = false, view = 'watch', ratio = DEFAULT_RATIO }: EmbedSnippetOptions): string {
  // The document scrolls inside its frame: a taller box shows a step and its words at once.
  const percent = Math.round((ratio.height / ratio.width) * (view === 'read' ? 1.5 : 1) * 10_000) / 100;
  const src = escapeAttribute(embedUrl(url, { autoplay, view }));
  return [
    `<div style="position:relative;width:100%;height:0;padding-bottom:calc(${percent}% + ${EMBED_CHROME_PX}px)">`,
    `  <iframe src="${src}" title="${escapeAttribute(title)}" loading="lazy" allow="fullscreen; autoplay" allowfullscreen`,
    `    style="position:absolute;inset:0;width:100%;height:100%;border:0;border-radius:12px"></iframe>`,
    `</div>`,
  ].join('\n');
}
