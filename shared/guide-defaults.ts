/**
 * A new guide's look, and what a slide without an override of its own shows. Its own module, free
 * of zod, so that the embed's share contract can read it without the full zod build.
 */
export const DEFAULT_ZOOM_LEVEL = 1.5;
export const DEFAULT_HIGHLIGHT_VISIBLE = true;
