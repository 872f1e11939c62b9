import { describe, expect, it } from 'vitest';
import { isPrerenderedFor, PRERENDERED_STATE_ELEMENT_ID, prerenderedStateElement, readPrerenderedState, serializePrerenderedState } from './prerendered-state';

/** A document holding `html` in its body, parsed the way a browser would (no DOM library needed). */
function documentWith(html: string): Document {
  const match = new RegExp(`<script type="application/json" id="${PRERENDERED_STATE_ELEMENT_ID}">([\\s\\S]*?)</script>`).exec(html);
  const element = match ? { textContent: match[1] } : null;
  return { getElementById: (id: string) => (id === PRERENDERED_STATE_ELEMENT_ID ? element : null) } as unknown as Document;
}

describe('the prerendered state', () => {
  it('round-trips through its data block', () => {
    const state = { path: '/gallery/acme-crm', loaderData: { root: {}, 'item': { title: 'A' } } };
    expect(readPrerenderedState(documentWith(prerenderedStateElement(state)))).toEqual(state);
  });

  it('cannot close its script element or open a comment, whatever the data holds', () => {
    const json = serializePrerenderedState({ path: '/', loaderData: { x: '</script><script>alert(1)</script><!-- \u2028' } });
    expect(json).not.toMatch(/<\/script|<!--|\u2028/i);
    expect(JSON.parse(json)).toEqual({ path: '/', loaderData: { x: '</script><script>alert(1)</script><!-- \u2028' } });
  });

  it('is absent from a page without the block, or with a malformed one', () => {
    expect(readPrerenderedState(documentWith('<div id="root"></div>'))).toBeUndefined();
    expect(readPrerenderedState(documentWith(`<script type="application/json" id="${PRERENDERED_STATE_ELEMENT_ID}">{nope</script>`))).toBeUndefined();
    expect(readPrerenderedState(documentWith(`<script type="application/json" id="${PRERENDERED_STATE_ELEMENT_ID}">{"path":1}</script>`))).toBeUndefined();
  });

  it('hydrates only the path it was rendered for, with or without a trailing slash', () => {
    const state = { path: '/gallery/', loaderData: {} };
    expect(isPrerenderedFor(state, '/gallery')).toBe(true);
    expect(isPrerenderedFor(state, '/gallery/')).toBe(true);
    expect(isPrerenderedFor(state, '/gallery/acme-crm')).toBe(false);
    expect(isPrerenderedFor({ path: '/', loaderData: {} }, '/dashboard')).toBe(false);
    expect(isPrerenderedFor({ path: '/', loaderData: {} }, '/')).toBe(true);
  });
});
