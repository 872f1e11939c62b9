/**
 * The router state a prerendered page was rendered with (web/prerender.ts), handed to the
 * browser so that it hydrates the HTML instead of rendering it again. It travels in a
 * `<script type="application/json">` data block: the page's CSP (`script-src 'self'`) forbids
 * inline script, and a data block is not script, so it needs no exception.
 */
export const PRERENDERED_STATE_ELEMENT_ID = 'prerendered-state';

export interface PrerenderedState {
  /** the path the page was rendered for */
  path: string;
  /** each matched route's loader data, by route id */
  loaderData: Record<string, unknown>;
}

/** JSON that is safe inside a `<script>` element: no `</script>`, no `<!--`, no line separators. */
export function serializePrerenderedState(state: PrerenderedState): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The data block itself, as prerender writes it into the page. */
export function prerenderedStateElement(state: PrerenderedState): string {
  return `<script type="application/json" id="${PRERENDERED_STATE_ELEMENT_ID}">${serializePrerenderedState(state)}</script>`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads the page's prerendered state: undefined when the page has none or it is malformed. */
export function readPrerenderedState(doc: Document): PrerenderedState | undefined {
  const element = doc.getElementById(PRERENDERED_STATE_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(element.textContent);
  } catch {
    return undefined;
  }
  if (!isRecord(parsed) || typeof parsed['path'] !== 'string' || !isRecord(parsed['loaderData'])) return undefined;
  return { path: parsed['path'], loaderData: parsed['loaderData'] };
}

/** `/gallery` and `/gallery/` are one page. */
function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * Whether the HTML in hand was rendered for this path. It may not be: until the hosting serves
 * each prerendered file at its own path, a server may answer any path with another page's HTML,
 * which must then be rendered afresh rather than hydrated.
 */
export function isPrerenderedFor(state: PrerenderedState, pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  return normalisePath(state.path) === normalisePath(decoded);
}
