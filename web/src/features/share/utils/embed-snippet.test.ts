import { describe, expect, it } from 'vitest';
import { embedSnippet, embedUrl, escapeAttribute } from './embed-snippet';

const url = 'https://stepcast.app/share/add-a-contact-DYrbOQi8CofM/embed';

describe('embedSnippet', () => {
  it('frames the embed full width, in the screenshot shape plus the controls', () => {
    const snippet = embedSnippet({ url, title: 'Add a contact' });
    expect(snippet).toContain(`src="${url}"`);
    expect(snippet).toContain('title="Add a contact"');
    expect(snippet).toContain('padding-bottom:calc(62.5% + 72px)');
    expect(snippet).toContain('allow="fullscreen; autoplay" allowfullscreen');
  });

  it('asks for autoplay in the URL when chosen', () => {
    expect(embedSnippet({ url, title: 'A', autoplay: true })).toContain(`src="${url}?autoplay=1"`);
  });

  it('carries the chosen view, read in a taller box (the document scrolls inside it); autoplay belongs to the player only', () => {
    expect(embedSnippet({ url, title: 'A', view: 'read' })).toContain(`src="${url}?view=read"`);
    expect(embedSnippet({ url, title: 'A', view: 'read' })).toContain('calc(93.75% + 72px)');
    expect(embedSnippet({ url, title: 'A', view: 'try', autoplay: true })).toContain(`src="${url}?view=try"`);
    expect(embedSnippet({ url, title: 'A', view: 'watch', autoplay: true })).toContain(`src="${url}?autoplay=1"`);
  });

  it('follows another screenshot shape', () => {
    expect(embedSnippet({ url, title: 'A', ratio: { width: 4, height: 3 } })).toContain('calc(75% + 72px)');
  });

  it('keeps a hostile title as text in the attribute', () => {
    const snippet = embedSnippet({ url, title: '"><script>alert(1)</script>' });
    expect(snippet).toContain('title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(snippet).not.toContain('<script>');
  });
});

describe('escapeAttribute', () => {
  it('escapes ampersands first, then quotes and angle brackets', () => {
    expect(escapeAttribute('a & "b" <c>')).toBe('a &amp; &quot;b&quot; &lt;c&gt;');
  });
});

describe('embedUrl', () => {
  it('is the URL itself without options', () => {
    expect(embedUrl(url)).toBe(url);
  });

  it('adds autoplay, keeping other parameters', () => {
    expect(embedUrl(`${url}?step=2`, { autoplay: true })).toBe(`${url}?step=2&autoplay=1`);
  });
});
